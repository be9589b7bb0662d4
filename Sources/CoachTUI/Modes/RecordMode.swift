import CoachStore
import PunchKit

/// Guided recording of a personal dataset: the coach asks for each class in turn, `clipsPerClass`
/// clips each. A clip is a get-ready countdown, then `clipSeconds` of recording; for a punch class
/// the coach calls the punch shortly after the recording starts (hooks and uppercuts alternate lead
/// and rear), for `stance` the boxer holds a guard, for `idle` drops it. The session saves each clip
/// when the mode says it stopped, with the punch span the detector saw (or none).
public final class RecordMode: WorkoutMode {
    public enum Phase: Equatable, Sendable {
        case ready(step: Int)
        case recording(step: Int)
        case done
    }

    public struct Step: Equatable, Sendable {
        public var label: String
        /// 1-based within the label.
        public var clip: Int
        public var punch: CalledPunch?
    }

    public let kind = ModeKind.record
    public let steps: [Step]
    public let readySeconds: Double
    public let clipSeconds: Double
    /// Seconds into the recording when the punch is called.
    public let callDelay: Double
    public private(set) var phase: Phase = .ready(step: 0)
    public private(set) var saved: [(step: Step, span: ClosedRange<Double>?)] = []
    private var phaseStart: Double?
    private var callout: Callout?
    private var span: ClosedRange<Double>?
    private var calloutCount = 0
    /// The calls, scored as every mode scores them (label, hand, reaction), so that the summary's accuracy says how
    /// many of the punches you recorded the model read as called.
    private var book = PromptBook()

    /// `labels`: the classes to record, in order (a model's classes).
    public init(labels: [String], clipsPerClass: Int, readySeconds: Double = 3, clipSeconds: Double = 3.5,
                callDelay: Double = 0.8) {
        let punchLabels = Set(CalledPunch.vocabulary(available: labels).map(\.label))
        var steps: [Step] = []
        for label in labels {
            for k in 1...max(1, clipsPerClass) {
                var punch: CalledPunch? = nil
                if punchLabels.contains(label) {
                    // Hooks and uppercuts alternate the hand, starting with the lead (the others imply theirs).
                    let either = PunchLabel(rawValue: label).map { $0.isPunch && $0.impliedHand == nil } ?? false
                    let hand: Hand? = either ? (k % 2 == 1 ? .lead : .rear) : nil
                    punch = CalledPunch(label, hand: hand)
                }
                steps.append(Step(label: label, clip: k, punch: punch))
            }
        }
        self.steps = steps
        self.readySeconds = readySeconds
        self.clipSeconds = clipSeconds
        self.callDelay = callDelay
        if steps.isEmpty { phase = .done }
    }

    public var isFinished: Bool { phase == .done }
    public var wantsShadowBoxing: Bool { false }
    public var clipsPerClass: Int { steps.filter { $0.label == steps.first?.label }.count }

    /// The labels in the order they are recorded.
    public var labelSequence: [String] { steps.map(\.label) }

    public func tick(now: Double) -> [ModeAction] {
        if phaseStart == nil { phaseStart = now }
        _ = book.expire(now: now)  // a call nobody answered: prompted, not correct (the tally counts it so)
        var actions: [ModeAction] = []
        while let s = phaseStart {
            switch phase {
            case .ready(let i) where now - s >= readySeconds:
                phase = .recording(step: i)
                phaseStart = s + readySeconds
                callout = nil
                span = nil
                actions.append(.recordingStarted(label: steps[i].label, clip: steps[i].clip, at: s + readySeconds))
                if steps[i].label == PunchLabel.idle.rawValue { actions.append(.rest(until: s + readySeconds + clipSeconds)) }
            case .recording(let i):
                let step = steps[i]
                if callout == nil, let p = step.punch, now - s >= callDelay {
                    calloutCount += 1
                    let c = Callout(id: calloutCount, punches: [p], calledAt: s + callDelay)
                    callout = c
                    book.call(c)
                    actions.append(.callout(c))
                }
                guard now - s >= clipSeconds else { return actions }
                actions.append(.recordingStopped(label: step.label, clip: step.clip, at: s + clipSeconds, span: span, callout: callout))
                saved.append((step, span))
                phase = i + 1 < steps.count ? .ready(step: i + 1) : .done
                phaseStart = s + clipSeconds
                if phase == .done { return actions }
            default:
                return actions
            }
        }
        return actions
    }

    public func handle(event: PunchEvent, at now: Double) -> PunchVerdict {
        // First, whether it answers a call: a punch the detector emits just after its clip has stopped still does.
        let outcome = book.answer(event)
        guard case .recording(let i) = phase else { return PunchVerdict(outcome: outcome, note: "not recording") }
        let step = steps[i]
        guard step.punch != nil else { return PunchVerdict(outcome: outcome, note: "recording \(Format.name(step.label))") }
        if event.label == step.label, span == nil {
            span = event.start...event.end
            return PunchVerdict(outcome: outcome, note: "✓ located")
        }
        return PunchVerdict(outcome: outcome, note: event.label == step.label ? "one is enough" : "seen as \(Format.name(event.label))")
    }

    public func panel(now: Double) -> ModePanel {
        let total = steps.count
        switch phase {
        case .ready(let i):
            let step = steps[i]
            let left = readySeconds - (now - (phaseStart ?? now))
            return ModePanel(title: "RECORD · clip \(i + 1)/\(total) · next: \(Format.name(step.label)) \(step.clip)/\(clipsPerClass)",
                             big: Format.name(step.label).uppercased(), tone: .warn,
                             lines: ["recording in \(Int(left.rounded(.up))) s", instruction(step)],
                             progress: Double(i) / Double(total))
        case .recording(let i):
            let step = steps[i]
            let elapsed = now - (phaseStart ?? now)
            let anim = callout.map { ([$0.punches[0]], $0.calledAt) }
            return ModePanel(title: "RECORD ● \(Format.name(step.label)) \(step.clip)/\(clipsPerClass) · clip \(i + 1)/\(total)",
                             big: callout.map { $0.punches[0].description.uppercased() } ?? (step.punch == nil ? Format.name(step.label).uppercased() : "REC"),
                             tone: .record, animation: anim,
                             lines: [instruction(step), String(format: "%.1f s of %.1f", elapsed, clipSeconds),
                                     span == nil ? (step.punch == nil ? "" : "waiting for the punch") : "punch located ✓"],
                             progress: Double(i) / Double(total) + elapsed / clipSeconds / Double(total))
        case .done:
            return ModePanel(title: "RECORD DONE", big: "SAVED", tone: .good,
                             lines: ["\(saved.count) clips saved"], progress: 1)
        }
    }

    private func instruction(_ step: Step) -> String {
        switch PunchLabel(rawValue: step.label) {
        case .stance: return "hold your guard, move as between punches"
        case .idle: return "drop your hands: walk, stretch, rest"
        default: return step.punch.map { "throw one \($0) when called, then back to guard" } ?? "perform: \(Format.name(step.label))"
        }
    }

    public var summary: ModeSummary {
        let located = saved.filter { $0.span != nil }.count
        let punchClips = saved.filter { $0.step.punch != nil }.count
        var byLabel: [String: Int] = [:]
        for s in saved { byLabel[s.step.label, default: 0] += 1 }
        let order = steps.map(\.label).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        return ModeSummary(
            headline: "Recorded \(saved.count) clips; the detector located \(located) of \(punchClips) punches",
            lines: order.map { "\(Format.name($0)): \(byLabel[$0] ?? 0) clips" })
    }
}
