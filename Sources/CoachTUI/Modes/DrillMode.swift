import CoachStore
import PunchKit

/// One punch, N reps: the coach calls the punch, waits for it (or for its window to pass), pauses,
/// calls again. Each rep is scored (right punch and hand, reaction, speed); a wrong punch is flagged,
/// and so is an extra punch thrown between calls. Done after `reps` reps.
public final class DrillMode: WorkoutMode {
    public let kind = ModeKind.drill
    public let punch: CalledPunch
    public let reps: Int
    /// Seconds from the start to the first call, and between a rep's end and the next call.
    public let getReady: Double
    public let pause: Double
    public private(set) var results: [PromptOutcome] = []
    /// Punches thrown when no rep was called.
    public private(set) var extras: [PunchEvent] = []
    private var book: PromptBook
    private var nextCall: Double?
    private var calloutCount = 0
    private var current: Callout?
    private var startedAt: Double?
    private var lastFlag: (text: String, at: Double)?

    public init(punch: CalledPunch, reps: Int, getReady: Double = 2, pause: Double = 1.0,
                scoring: PromptBook = PromptBook()) {
        self.punch = punch
        self.reps = max(1, reps)
        self.getReady = getReady
        self.pause = pause
        self.book = scoring
    }

    public var isFinished: Bool { results.count >= reps }
    public var wantsShadowBoxing: Bool { false }
    public var correctCount: Int { results.filter(\.correct).count }

    public func tick(now: Double) -> [ModeAction] {
        if startedAt == nil {
            startedAt = now
            nextCall = now + getReady
        }
        for o in book.expire(now: now) { finishRep(o, at: now) }
        guard !isFinished, current == nil, let due = nextCall, now >= due else { return [] }
        calloutCount += 1
        let callout = Callout(id: calloutCount, punches: [punch], calledAt: now)
        book.call(callout)
        current = callout
        nextCall = nil
        return [.callout(callout)]
    }

    public func handle(event: PunchEvent, at now: Double) -> PunchVerdict {
        if let o = book.answer(event) {
            finishRep(o, at: now)
            let note = o.correct ? "rep \(results.count)/\(reps)" : "✗ wanted \(punch)"
            if !o.correct { lastFlag = (note, now) }
            return PunchVerdict(outcome: o, note: note)
        }
        extras.append(event)
        let note = event.label == punch.label ? "wait for the call" : "✗ not a \(punch)"
        lastFlag = (note, now)
        return PunchVerdict(note: note)
    }

    private func finishRep(_ o: PromptOutcome, at now: Double) {
        guard current != nil else { return }
        results.append(o)
        current = nil
        if o.missed { lastFlag = ("✗ missed", now) }
        if !isFinished { nextCall = now + pause }
    }

    public func panel(now: Double) -> ModePanel {
        let title = "DRILL · \(punch.description.uppercased()) · rep \(min(results.count + (current == nil ? 0 : 1), reps))/\(reps)"
        var lines: [String] = []
        let done = results.count
        lines.append("correct \(correctCount)/\(done)  accuracy \(Format.percent(PromptScoring.accuracy(correct: correctCount, prompted: done)))")
        let reactions = results.filter(\.correct).compactMap(\.reactionMs)
        let speeds = results.filter(\.correct).compactMap(\.speed)
        lines.append("reaction \(Format.ms(Format.mean(reactions)))  speed \(Format.speed(Format.mean(speeds)))")
        if let last = results.last { lines.append("last: " + Format.outcome(last) + (last.speed.map { " " + Format.speed($0) } ?? "")) }
        if let f = lastFlag, now - f.at < 2 { lines.append(f.text) }
        let progress = Double(done) / Double(reps)
        if isFinished {
            return ModePanel(title: title, big: "DONE", tone: .good, lines: lines, progress: 1)
        }
        if let c = current {
            return ModePanel(title: title, big: Format.name(punch.label).uppercased(), tone: .call,
                             animation: ([punch], c.calledAt), lines: lines, progress: progress)
        }
        if let s = startedAt, now - s < getReady {
            return ModePanel(title: title, big: "READY", tone: .warn, lines: lines, progress: progress)
        }
        let flagged = lastFlag.map { now - $0.at < 1 } ?? false
        return ModePanel(title: title, big: "\(results.count)/\(reps)", tone: flagged ? .bad : .neutral, lines: lines, progress: progress)
    }

    public var summary: ModeSummary {
        let reactions = results.filter(\.correct).compactMap(\.reactionMs)
        let speeds = results.filter(\.correct).compactMap(\.speed)
        var lines = results.enumerated().map { i, o in
            "rep \(i + 1): " + Format.outcome(o) + (o.speed.map { "  " + Format.speed($0) } ?? "")
        }
        if !extras.isEmpty { lines.append("\(extras.count) punches thrown between calls") }
        let accuracy = PromptScoring.accuracy(correct: correctCount, prompted: results.count)
        return ModeSummary(
            headline: "Drill \(punch): \(correctCount)/\(results.count) correct (\(Format.percent(accuracy))), "
                + "reaction \(Format.ms(Format.mean(reactions))), speed \(Format.speed(Format.mean(speeds)))",
            lines: lines)
    }
}
