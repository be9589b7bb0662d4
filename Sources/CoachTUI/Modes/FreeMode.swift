import CoachStore
import PunchKit

/// Free shadow-boxing: every punch is counted; no calls, no end (until the boxer quits or the input ends).
public final class FreeMode: WorkoutMode {
    public let kind = ModeKind.free
    public private(set) var punches: [PunchEvent] = []
    private var startedAt: Double?
    private var lastNow = 0.0

    public init() {}

    public func tick(now: Double) -> [ModeAction] {
        if startedAt == nil { startedAt = now }
        lastNow = now
        return []
    }

    public func handle(event: PunchEvent, at now: Double) -> PunchVerdict {
        punches.append(event)
        return PunchVerdict()
    }

    var perMinute: Double? {
        guard let s = startedAt, lastNow - s >= 5 else { return nil }
        return Double(punches.count) / (lastNow - s) * 60
    }

    public func panel(now: Double) -> ModePanel {
        let last = punches.last
        var lines = ["\(punches.count) punches" + (perMinute.map { String(format: " · %.0f a minute", $0) } ?? "")]
        if let last { lines.append("last: \(Format.name(last.label)) (\(last.hand.rawValue))") }
        lines.append("shadow-box: every punch is counted")
        let fresh = last.map { now - $0.end < 1.5 } ?? false
        return ModePanel(title: "FREE · \(Format.clock(now - (startedAt ?? now)))",
                         big: fresh ? last.map { Format.name($0.label).uppercased() } : Format.clock(now - (startedAt ?? now)),
                         tone: fresh ? .call : .neutral, lines: lines)
    }

    public var isFinished: Bool { false }
    public var wantsShadowBoxing: Bool { true }

    public var summary: ModeSummary {
        ModeSummary(headline: "Free boxing: \(punches.count) punches" + (perMinute.map { String(format: ", %.0f a minute", $0) } ?? ""))
    }
}
