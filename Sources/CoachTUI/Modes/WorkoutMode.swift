import CoachStore
import PunchKit

/// What a mode did as its clock advanced; the session turns these into store writes, cues for the
/// demo boxer and recordings.
public enum ModeAction: Equatable, Sendable {
    /// A punch or combination called out (prompts to store).
    case callout(Callout)
    /// A round's work period began.
    case roundStarted(number: Int, work: Double, rest: Double)
    /// A round's work period ended.
    case roundEnded(number: Int)
    /// Rest until `until` (session seconds): the demo boxer drops its guard.
    case rest(until: Double)
    /// Record mode: keep frames from session time `at` for a clip of `label`.
    case recordingStarted(label: String, clip: Int, at: Double)
    /// Record mode: the clip ends at `at`; `span` is where the detector saw the punch, when it did.
    case recordingStopped(label: String, clip: Int, at: Double, span: ClosedRange<Double>?, callout: Callout?)
}

/// How a mode judged one punch the detector emitted.
public struct PunchVerdict: Equatable, Sendable {
    /// The callout punch it answered, with the scoring.
    public var outcome: PromptOutcome?
    /// A short remark for the punch list: `✗ wanted cross`, `rest`.
    public var note: String?
    /// The round it belongs to (rounds mode, work periods).
    public var round: Int?

    public init(outcome: PromptOutcome? = nil, note: String? = nil, round: Int? = nil) {
        self.outcome = outcome
        self.note = note
        self.round = round
    }
}

/// What the mode's own panel shows: a title, something in big letters (a callout, a timer), an
/// animation of the called punches, detail lines.
public struct ModePanel: Equatable, Sendable {
    public enum Tone: Sendable, Equatable { case neutral, call, work, warn, rest, good, bad, record }

    public var title: String
    /// Shown in big letters when it fits (else plainly): `JAB – CROSS`, `2:31`, `GO`.
    public var big: String?
    public var tone: Tone
    /// The called punches to animate, and since when (session seconds).
    public var animation: (punches: [CalledPunch], since: Double)?
    public var lines: [String]
    /// 0…1, e.g. the round's progress.
    public var progress: Double?

    public init(title: String, big: String? = nil, tone: Tone = .neutral,
                animation: (punches: [CalledPunch], since: Double)? = nil, lines: [String] = [], progress: Double? = nil) {
        self.title = title
        self.big = big
        self.tone = tone
        self.animation = animation
        self.lines = lines
        self.progress = progress
    }

    public static func == (a: ModePanel, b: ModePanel) -> Bool {
        a.title == b.title && a.big == b.big && a.tone == b.tone && a.lines == b.lines && a.progress == b.progress
            && a.animation?.punches == b.animation?.punches && a.animation?.since == b.animation?.since
    }
}

/// A mode's own part of the end-of-workout summary: a headline and rows of text.
public struct ModeSummary: Equatable, Sendable {
    public var headline: String
    public var lines: [String]

    public init(headline: String, lines: [String] = []) {
        self.headline = headline
        self.lines = lines
    }
}

/// A workout mode: a pure state machine driven by the session clock (session seconds) and the
/// detector's punches. No terminal, no store: the session wires it to both.
public protocol WorkoutMode: AnyObject {
    var kind: ModeKind { get }
    /// Advances the mode's clock to `now`; returns what happened since the last tick.
    func tick(now: Double) -> [ModeAction]
    /// A punch the detector emitted, shown at `now`.
    func handle(event: PunchEvent, at now: Double) -> PunchVerdict
    /// The mode's panel at `now`.
    func panel(now: Double) -> ModePanel
    var isFinished: Bool { get }
    var summary: ModeSummary { get }
    /// Whether the demo boxer should shadow-box on its own now (free boxing, a round's work).
    var wantsShadowBoxing: Bool { get }
}

/// Shared formatting for the modes.
enum Format {
    static func clock(_ seconds: Double) -> String {
        let s = max(0, Int(seconds.rounded(.up)))
        return "\(s / 60):" + (s % 60 < 10 ? "0" : "") + "\(s % 60)"
    }

    static func ms(_ v: Double?) -> String { v.map { "\(Int($0.rounded())) ms" } ?? "–" }

    static func percent(_ v: Double?) -> String { v.map { "\(Int(($0 * 100).rounded()))%" } ?? "–" }

    static func speed(_ v: Double?, metres: Bool = true) -> String {
        guard let v else { return "–" }
        return String(format: metres ? "%.1f m/s" : "%.1f t/s", v)
    }

    /// `text` in lines of at most `width` characters, broken at spaces (a word longer than a line is cut).
    static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [text] }
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
            while line.count > width {
                lines.append(String(line.prefix(width)))
                line = String(line.dropFirst(width))
            }
        }
        // The last line, unless the last word filled the line before it exactly; an empty text is one empty line.
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    static func name(_ label: String) -> String { label.replacingOccurrences(of: "_", with: " ") }

    static func mean(_ xs: [Double]) -> Double? { xs.isEmpty ? nil : xs.reduce(0, +) / Double(xs.count) }

    /// `✓ jab 320 ms`, `✗ hook (uppercut)`, `✗ cross missed`.
    static func outcome(_ o: PromptOutcome) -> String {
        if o.missed { return "✗ \(o.called) missed" }
        if o.correct { return "✓ \(o.called) \(ms(o.reactionMs))" }
        return "✗ \(o.called) (\(name(o.thrown ?? "?")))"
    }
}
