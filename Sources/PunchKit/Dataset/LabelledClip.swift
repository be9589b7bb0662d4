/// One recording of a dataset, in the canonical layout.
public struct LabelledClip: Sendable {
    /// Path relative to the dataset folder (e.g. `jab/s03_0007.csv`).
    public var name: String
    /// The clip's label (its folder or index row); nil for a long recording known only by its segments.
    public var label: String?
    public var subject: String?
    /// The layout the file was written in, before mapping to canonical.
    public var sourceLayout: String
    public var sequence: SkeletonSequence
    /// Labelled intervals inside the recording (from `annotations.csv` or an `.events.csv` truth file).
    public var segments: [Annotation]

    public init(name: String, label: String?, subject: String?, sourceLayout: String,
                sequence: SkeletonSequence, segments: [Annotation] = []) {
        self.name = name
        self.label = label
        self.subject = subject
        self.sourceLayout = sourceLayout
        self.sequence = sequence
        self.segments = segments
    }

    public var duration: Double { sequence.duration }

    /// Who the clip shows, as subject-disjoint splits count people: its subject, or — when nobody says —
    /// the clip itself (a person of its own, so that an unnamed clip is never on both sides of a split).
    public var person: String { subject ?? name }
}
