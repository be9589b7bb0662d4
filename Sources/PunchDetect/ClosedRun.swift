/// What became of one run of punch probability (`PunchDetector.onRunClosed`): an event, or the rules that
/// dropped it. A missed punch can then be traced to a rule of the detector or to the network itself (a run
/// never opened, or dropped as `weakPunch` / `unsureLabel`: the network did not see one punch clearly).
public struct ClosedRun: Sendable, Equatable {
    /// The detector's rules that drop a run (`DetectorConfiguration` explains each).
    public enum Rule: String, Sendable, CaseIterable {
        /// The guard context before the run was mostly idle (`maximumIdleBefore`; off by default).
        case idleBefore = "idle_before"
        /// The person had just come into view and showed no guard first (`settlingSeconds`).
        case settling
        /// The hips crossed the picture at walking pace before the run (`walkingSpeed`, `walkingAloneSpeed`).
        case walking
        /// A foot was lifted through most of the run (`kickFootLift`).
        case kick
        /// Shorter than `minimumDuration`.
        case tooShort = "too_short"
        /// Too little probability of any punch over the run (`minimumPunchProbability`).
        case weakPunch = "weak_punch"
        /// Too little probability of the run's own label (`minimumLabelProbability`).
        case unsureLabel = "unsure_label"
        /// The tail of the previous event: the same punch family and hand within `mergeGap`.
        case samePunch = "same_punch"
    }

    public var start: Double
    public var end: Double
    /// The punch class with the most (recency-weighted) probability over the run.
    public var label: String
    /// Mean probability over the run of all punch classes together, and of the label's family.
    public var punchProbability: Double
    public var labelProbability: Double
    /// Empty when the run became an event.
    public var droppedBy: [Rule]

    public var isEvent: Bool { droppedBy.isEmpty }

    public init(start: Double, end: Double, label: String, punchProbability: Double, labelProbability: Double, droppedBy: [Rule]) {
        self.start = start
        self.end = end
        self.label = label
        self.punchProbability = punchProbability
        self.labelProbability = labelProbability
        self.droppedBy = droppedBy
    }

    /// `event`, or the rules joined by `+` (e.g. `weak_punch+unsure_label`).
    public var verdict: String { isEvent ? "event" : droppedBy.map(\.rawValue).joined(separator: "+") }
}
