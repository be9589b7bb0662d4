import CoachStore
import PunchKit

/// Timed rounds and rests (e.g. 3 × 3 min with 1 min rest): a short get-ready, then work, rest, work …
/// ending after the last round's work. Punches in a round's work are counted for that round
/// (punches, punches a minute, per type); punches during rest are shown but belong to no round.
public final class RoundsMode: WorkoutMode {
    public enum Phase: Equatable, Sendable {
        case getReady
        case work(round: Int)
        case rest(afterRound: Int)
        case done
    }

    public struct RoundResult: Equatable, Sendable {
        public var number: Int
        public var punches: [PunchEvent] = []
        public var started: Double
        public var ended: Double?

        public var perMinute: Double {
            let length = (ended ?? started) - started
            return length > 0 ? Double(punches.count) / length * 60 : 0
        }
    }

    public let kind = ModeKind.rounds
    public let rounds: Int
    public let work: Double
    public let rest: Double
    public let getReady: Double
    public private(set) var phase: Phase = .getReady
    public private(set) var results: [RoundResult] = []
    private var phaseStart: Double?

    public init(rounds: Int, work: Double, rest: Double, getReady: Double = 3) {
        self.rounds = max(1, rounds)
        self.work = max(1, work)
        self.rest = max(0, rest)
        self.getReady = max(0, getReady)
    }

    public var isFinished: Bool { phase == .done }
    public var wantsShadowBoxing: Bool { if case .work = phase { return true } else { return false } }

    /// Seconds left in the current phase.
    public func remaining(now: Double) -> Double {
        guard let s = phaseStart else { return getReady }
        switch phase {
        case .getReady: return getReady - (now - s)
        case .work: return work - (now - s)
        case .rest: return rest - (now - s)
        case .done: return 0
        }
    }

    public func tick(now: Double) -> [ModeAction] {
        if phaseStart == nil { phaseStart = now }
        var actions: [ModeAction] = []
        // Several transitions can fall in one tick (a long pause of the loop, zero rest).
        while let s = phaseStart {
            switch phase {
            case .getReady where now - s >= getReady:
                actions += startRound(1, at: s + getReady)
            case .work(let n) where now - s >= work:
                let end = s + work
                results[n - 1].ended = end
                actions.append(.roundEnded(number: n))
                if n >= rounds {
                    phase = .done
                    phaseStart = end
                    return actions
                }
                if rest > 0 {
                    phase = .rest(afterRound: n)
                    phaseStart = end
                    actions.append(.rest(until: end + rest))
                } else {
                    actions += startRound(n + 1, at: end)
                }
            case .rest(let n) where now - s >= rest:
                actions += startRound(n + 1, at: s + rest)
            default:
                return actions
            }
        }
        return actions
    }

    private func startRound(_ n: Int, at t: Double) -> [ModeAction] {
        phase = .work(round: n)
        phaseStart = t
        results.append(RoundResult(number: n, started: t))
        return [.roundStarted(number: n, work: work, rest: n < rounds ? rest : 0)]
    }

    public func handle(event: PunchEvent, at now: Double) -> PunchVerdict {
        guard case .work(let n) = phase else {
            return PunchVerdict(note: phase == .done ? "after the bell" : phase == .getReady ? "before the bell" : "rest")
        }
        results[n - 1].punches.append(event)
        return PunchVerdict(round: n)
    }

    public func panel(now: Double) -> ModePanel {
        let left = remaining(now: now)
        switch phase {
        case .getReady:
            return ModePanel(title: "ROUNDS · \(rounds) × \(Format.clock(work)) / \(Format.clock(rest))",
                             big: Format.clock(left), tone: .warn, lines: ["get ready: guard up"])
        case .work(let n):
            let r = results[n - 1]
            let elapsed = now - r.started
            var lines = ["\(r.punches.count) punches" + (elapsed >= 5 ? String(format: " · %.0f a minute", Double(r.punches.count) / elapsed * 60) : "")]
            lines.append(byType(r.punches))
            if n > 1 { lines.append(previous(upTo: n - 1)) }
            return ModePanel(title: "ROUND \(n)/\(rounds)", big: Format.clock(left), tone: left <= 10 ? .warn : .work,
                             lines: lines, progress: elapsed / work)
        case .rest(let n):
            return ModePanel(title: "REST · round \(n + 1)/\(rounds) next", big: Format.clock(left), tone: .rest,
                             lines: [previous(upTo: n), "breathe; shake out the arms"], progress: 1 - left / max(rest, 1e-9))
        case .done:
            return ModePanel(title: "ROUNDS DONE", big: "TIME", tone: .good, lines: [previous(upTo: rounds)], progress: 1)
        }
    }

    private func byType(_ punches: [PunchEvent]) -> String {
        var counts: [String: Int] = [:]
        for p in punches { counts[p.label, default: 0] += 1 }
        let parts = counts.sorted { $0.value > $1.value }.map { "\(Format.name($0.key)) \($0.value)" }
        return parts.isEmpty ? "throw!" : parts.joined(separator: " · ")
    }

    private func previous(upTo n: Int) -> String {
        results.prefix(n).map { r in "R\(r.number) \(r.punches.count) (\(Int(r.perMinute.rounded()))/min)" }.joined(separator: "  ")
    }

    public var summary: ModeSummary {
        let total = results.reduce(0) { $0 + $1.punches.count }
        let lines = results.map { r in
            "round \(r.number): \(r.punches.count) punches, \(Int(r.perMinute.rounded())) a minute — \(byType(r.punches))"
        }
        return ModeSummary(headline: "Rounds: \(results.count)/\(rounds), \(total) punches", lines: lines)
    }
}
