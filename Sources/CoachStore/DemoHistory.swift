import Foundation
import PunchKit

/// Plausible workouts written through the store's own API: combo callouts, answers (mostly right,
/// some wrong, some missed), free punches, two rounds a session. Deterministic for a seed. For
/// trying `punchcoach history`, for tests, and for the coach's History screen before real data.
public enum DemoHistory {
    /// Writes `sessions` workouts a day apart, the last one starting at `lastStart`, and returns
    /// their ids.
    @discardableResult
    public static func fill(
        _ store: HistoryStore, sessions: Int, seed: UInt64 = 1, lastStart: Date = Date(),
        calloutsPerRound: Int = 12
    ) throws -> [Int64] {
        var random = SplitMix64(seed: seed)
        var ids: [Int64] = []
        let scoring = PromptScoring()
        for index in 0..<sessions {
            let start = lastStart.addingTimeInterval(-86_400 * Double(sessions - 1 - index))
            let session = try store.beginSession(
                WorkoutSession(
                    startedAt: start, mode: .combo, source: "demo", stance: .orthodox, model: "demo",
                    notes: "demo workout \(index + 1)"))
            let sessionId = session.id!
            // Form improves over the sessions: faster reactions, fewer misses.
            let skill = sessions > 1 ? Double(index) / Double(sessions - 1) : 0.5
            var clock = 5.0
            for number in 1...2 {
                let round = try store.addRound(
                    WorkoutRound(sessionId: sessionId, number: number, started: clock, workSeconds: 90, restSeconds: 30))
                for _ in 0..<calloutsPerRound {
                    let combo = combos[random.next(below: combos.count)]
                    let prompts = try store.addPrompts(
                        combo.enumerated().map { position, label in
                            Prompt(
                                sessionId: sessionId, roundId: round.id, calledAt: clock,
                                combo: combo.map(\.rawValue).joined(separator: ","),
                                position: position, expectedLabel: label.rawValue,
                                expectedHand: label == .hook && random.unit() < 0.3 ? .lead : nil)
                        })
                    var t = clock + 0.45 - 0.15 * skill + 0.25 * random.unit()
                    for prompt in prompts {
                        let roll = random.unit()
                        if roll < 0.10 - 0.05 * skill { continue }  // missed
                        var label = PunchLabel(rawValue: prompt.expectedLabel) ?? .jab
                        if roll > 0.93 { label = confusions[label] ?? label }  // the wrong punch
                        var hand = hands[label] ?? .lead
                        if prompt.expectedHand == nil && label.impliedHand == nil && random.unit() < 0.4 {
                            hand = .rear
                        }
                        let speed = (baseSpeed[label] ?? 5) + 0.6 * skill + random.normal() * 0.8
                        let duration = label == .doubleJab ? 0.7 : 0.35 + 0.1 * random.unit()
                        let promptId = scoring.window(for: prompt).contains(t) ? prompt.id : nil
                        try store.addPunch(
                            Punch(
                                sessionId: sessionId, roundId: round.id, promptId: promptId, label: label.rawValue, hand: hand,
                                start: t, end: t + duration, confidence: 0.75 + 0.2 * random.unit(),
                                peakSpeed: max(1, speed), speedUnits: "m/s",
                                createdAt: start.addingTimeInterval(t + duration)))
                        t += duration + 0.1 + 0.2 * random.unit()
                    }
                    // A free punch now and then, answering no callout.
                    if random.unit() < 0.3 {
                        let label = PunchLabel.punches[random.next(below: PunchLabel.punches.count)]
                        try store.addPunch(
                            Punch(
                                sessionId: sessionId, roundId: round.id, label: label.rawValue, hand: hands[label] ?? .lead,
                                start: t + 1, end: t + 1.4, confidence: 0.8,
                                peakSpeed: baseSpeed[label] ?? 5, speedUnits: "m/s",
                                createdAt: start.addingTimeInterval(t + 1.4)))
                    }
                    clock = max(t, clock) + 3 + 2 * random.unit()
                }
                try store.endRound(round.id!, at: clock)
                clock += 30
            }
            try store.endSession(sessionId, at: start.addingTimeInterval(clock))
            ids.append(sessionId)
        }
        return ids
    }

    static let combos: [[PunchLabel]] = [
        [.jab], [.jab, .cross], [.jab, .cross, .hook], [.doubleJab, .cross], [.hook], [.uppercut],
        [.cross, .hook, .cross], [.jab, .uppercut],
    ]
    static let confusions: [PunchLabel: PunchLabel] = [.jab: .doubleJab, .doubleJab: .jab, .cross: .jab, .hook: .uppercut, .uppercut: .hook]
    /// The demo boxer's hand when the callout names none: a hook with the lead, an uppercut with the rear.
    static let hands: [PunchLabel: Hand] = [.jab: .lead, .doubleJab: .lead, .cross: .rear, .hook: .lead, .uppercut: .rear]
    static let baseSpeed: [PunchLabel: Double] = [.jab: 5.5, .doubleJab: 5.0, .cross: 7.0, .hook: 6.5, .uppercut: 6.0]
}

/// A small deterministic generator (SplitMix64): the same seed gives the same workouts on every
/// platform.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in 0..<1.
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// Standard normal (Box–Muller).
    mutating func normal() -> Double {
        let u = max(unit(), 1e-12)
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * unit())
    }
}
