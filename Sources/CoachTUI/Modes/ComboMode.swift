import CoachStore
import PunchKit

/// The coach calls punches and combinations from an adaptive `CalloutPicker`; each called punch is
/// scored on correctness and reaction time, and what the boxer misses or is slow at comes up more
/// often. A callout ends when all its punches are answered or their windows have passed; after a
/// pause the next one is called. Done after `combos` callouts.
public final class ComboMode: WorkoutMode {
    public let kind = ModeKind.combo
    public let combos: Int
    public let getReady: Double
    public let pause: Double
    public private(set) var picker: CalloutPicker
    public private(set) var outcomes: [PromptOutcome] = []
    public private(set) var callouts: [Callout] = []
    private var book: PromptBook
    private var current: Callout?
    private var currentOutcomes: [PromptOutcome] = []
    private var lastResult: (callout: Callout, outcomes: [PromptOutcome])?
    private var nextCall: Double?
    private var startedAt: Double?

    public init(combos: Int, picker: CalloutPicker, getReady: Double = 2, pause: Double = 1.2,
                scoring: PromptBook = PromptBook()) {
        self.combos = max(1, combos)
        self.picker = picker
        self.getReady = getReady
        self.pause = pause
        self.book = scoring
    }

    public var isFinished: Bool { callouts.count >= combos && current == nil }
    public var wantsShadowBoxing: Bool { false }
    public var correctCount: Int { outcomes.filter(\.correct).count }

    public func tick(now: Double) -> [ModeAction] {
        if startedAt == nil {
            startedAt = now
            nextCall = now + getReady
        }
        for o in book.expire(now: now) { settle(o, at: now) }
        guard current == nil, callouts.count < combos, let due = nextCall, now >= due else { return [] }
        let callout = Callout(id: callouts.count + 1, punches: picker.pickCombo(), calledAt: now)
        callouts.append(callout)
        book.call(callout)
        current = callout
        currentOutcomes = []
        nextCall = nil
        return [.callout(callout)]
    }

    public func handle(event: PunchEvent, at now: Double) -> PunchVerdict {
        guard let o = book.answer(event) else {
            return PunchVerdict(note: current == nil ? "between calls" : nil)
        }
        settle(o, at: now)
        return PunchVerdict(outcome: o, note: o.correct ? "✓ \(Format.ms(o.reactionMs))" : "✗ wanted \(o.called)")
    }

    private func settle(_ o: PromptOutcome, at now: Double) {
        outcomes.append(o)
        picker.record(o)
        currentOutcomes.append(o)
        guard let c = current, currentOutcomes.count == c.punches.count else { return }
        lastResult = (c, currentOutcomes.sorted { $0.key < $1.key })
        current = nil
        nextCall = now + pause
    }

    public func panel(now: Double) -> ModePanel {
        let number = min(callouts.count, combos)
        let title = "COMBO \(number)/\(combos)"
        var lines: [String] = []
        let done = outcomes.count
        let reactions = outcomes.filter(\.correct).compactMap(\.reactionMs)
        lines.append("correct \(correctCount)/\(done)  accuracy \(Format.percent(PromptScoring.accuracy(correct: correctCount, prompted: done)))  reaction \(Format.ms(Format.mean(reactions)))")
        if let r = lastResult { lines.append(r.outcomes.map(Format.outcome).joined(separator: "  ")) }
        let weakest = picker.vocabulary.max { picker.weight($0) < picker.weight($1) }
        if let w = weakest, done >= 3 { lines.append("working on: \(w)") }
        if isFinished { return ModePanel(title: title, big: "DONE", tone: .good, lines: lines, progress: 1) }
        if let c = current {
            return ModePanel(title: title, big: c.punches.map { Format.name($0.label).uppercased() }.joined(separator: " – "),
                             tone: .call, animation: (c.punches, c.calledAt), lines: ["» " + c.text] + lines,
                             progress: Double(callouts.count - 1) / Double(combos))
        }
        if let s = startedAt, now - s < getReady {
            return ModePanel(title: title, big: "READY", tone: .warn, lines: lines)
        }
        let tone: ModePanel.Tone = (lastResult?.outcomes.allSatisfy(\.correct) ?? true) ? .good : .bad
        return ModePanel(title: title, big: lastResult.map { r in r.outcomes.allSatisfy(\.correct) ? "GOOD" : "AGAIN" } ?? "·",
                         tone: tone, lines: lines, progress: Double(callouts.count) / Double(combos))
    }

    public var summary: ModeSummary {
        let reactions = outcomes.filter(\.correct).compactMap(\.reactionMs)
        let accuracy = PromptScoring.accuracy(correct: correctCount, prompted: outcomes.count)
        var lines: [String] = []
        for p in picker.vocabulary {
            let mine = outcomes.filter { $0.called == p }
            guard !mine.isEmpty else { continue }
            let ok = mine.filter(\.correct)
            lines.append("\(p.description): \(ok.count)/\(mine.count) correct, reaction \(Format.ms(Format.mean(ok.compactMap(\.reactionMs))))")
        }
        return ModeSummary(
            headline: "Combos: \(callouts.count) called, \(correctCount)/\(outcomes.count) punches correct (\(Format.percent(accuracy))), "
                + "reaction \(Format.ms(Format.mean(reactions)))",
            lines: lines)
    }
}
