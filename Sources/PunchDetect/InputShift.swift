import PunchKit
import PunchModel

/// How the network's inputs differ between two labelled datasets, channel by channel and label by label
/// (`punchcoach input-shift`): where real footage and the synthetic boxer part before the network
/// reads them. The eleventh stop on issue 12 found this way that fight footage shows the ankles twice as
/// far apart and the still hand lower than the synthetic boxer (docs/real-people.md).
///
/// Each recording is run through the detector as `evaluate` runs it, and every window the network reads
/// is kept as the mean of each standardised channel over its newest `recentFrames` frames (what the
/// network sees of "now"). A labelled stretch — a segment of the recording's annotations or truth, or the
/// whole clip when it has none — is one sample: the mean of the windows whose labelled frame lies in it.
/// The shift of a channel is the difference of the two sets' means in pooled standard deviations of
/// their samples (Cohen's d): about 0.2 is small, 0.8 large.
public enum InputShift {
    /// One labelled stretch: its label (after the merge) and each channel's mean over its windows.
    public struct Stretch: Sendable {
        public var label: String
        public var means: [Double]
        /// Whether its windows carried 3D (the body block); without it those channels read the training mean.
        public var hasDepth: Bool
    }

    /// One channel of one label compared.
    public struct Row: Sendable, Equatable {
        public var label: String
        public var channel: String
        public var mean: Double
        public var againstMean: Double
        /// (mean − againstMean) / pooled standard deviation.
        public var shift: Double
    }

    /// The labelled stretches of a recording (labels after `merge`): its segments, or — when it has none —
    /// the whole clip under its label; none for a recording with neither.
    public static func spans(of clip: LabelledClip, merge: LabelMerge = LabelMerge()) -> [(label: String, range: ClosedRange<Double>)] {
        if !clip.segments.isEmpty { return clip.segments.map { (merge.map($0.label), $0.start...$0.end) } }
        guard let label = clip.label, let first = clip.sequence.times.first, let last = clip.sequence.times.last else { return [] }
        return [(merge.map(label), first...last)]
    }

    /// The stretches of `clips` that hold at least one window. Clips the detector cannot read (fewer than
    /// 2 frames) are returned as failures with their message.
    public static func stretches(_ classifier: PunchClassifier, clips: [LabelledClip],
                                 configuration: DetectorConfiguration = DetectorConfiguration(),
                                 merge: LabelMerge = LabelMerge(), recentFrames: Int = 20)
        -> (stretches: [Stretch], failures: [DatasetEvaluation.ClipFailure]) {
        let clipClassifier = ClipClassifier(classifier: classifier, configuration: configuration)
        let T = classifier.window.frames, C = classifier.header.features.channels
        let recent = max(1, min(recentFrames, T))
        let outcomes = concurrentMap(clips) { clip -> Result<[Stretch], Error> in
            let spans = Self.spans(of: clip, merge: merge)
            guard !spans.isEmpty else { return .success([]) }
            var sums = [[Double]](repeating: [Double](repeating: 0, count: C), count: spans.count)
            var counts = [Int](repeating: 0, count: spans.count)
            return Result {
                _ = try clipClassifier.classify(clip.sequence, stance: clip.sequence.declaredStance) { time, features in
                    guard let k = spans.firstIndex(where: { $0.range.contains(time) }) else { return }
                    for c in 0..<C {
                        var s: Float = 0
                        for t in (T - recent)..<T { s += features[c * T + t] }
                        sums[k][c] += Double(s) / Double(recent)
                    }
                    counts[k] += 1
                }
                return spans.indices.filter { counts[$0] > 0 }.map { k in
                    Stretch(label: spans[k].label, means: sums[k].map { $0 / Double(counts[k]) },
                            hasDepth: clip.sequence.hasBodyDepth)
                }
            }
        }
        var stretches: [Stretch] = []
        var failures: [DatasetEvaluation.ClipFailure] = []
        for (clip, outcome) in zip(clips, outcomes) {
            switch outcome {
            case .success(let s): stretches += s
            case .failure(let e): failures.append(.init(name: clip.name, message: "\(e)"))
            }
        }
        return (stretches, failures)
    }

    /// Every channel of every label both sides hold, ordered by label and, within a label, by the size of
    /// the shift. The body block (3D) is compared only where every stretch of the label on both sides had
    /// depth: a 2D set reads the training mean there, which is no shift of the boxer's.
    public static func compare(_ data: [Stretch], against: [Stretch], channels: [String] = FeatureExtractor.channelNames) -> [Row] {
        let labels = Set(data.map(\.label)).intersection(against.map(\.label)).sorted()
        var rows: [Row] = []
        for label in labels {
            let a = data.filter { $0.label == label }, b = against.filter { $0.label == label }
            let depth = (a + b).allSatisfy(\.hasDepth)
            var group: [Row] = []
            for c in channels.indices where depth || !FeatureExtractor.Channel.body.contains(c) {
                let (ma, va) = moments(a.map { $0.means[c] }), (mb, vb) = moments(b.map { $0.means[c] })
                let pooled = ((va + vb) / 2).squareRoot()
                let shift = pooled > 1e-9 ? (ma - mb) / pooled : 0
                group.append(Row(label: label, channel: channels[c], mean: ma, againstMean: mb, shift: shift))
            }
            rows += group.sorted { abs($0.shift) > abs($1.shift) }
        }
        return rows
    }

    /// Mean and sample variance (0 for a single value).
    static func moments(_ x: [Double]) -> (mean: Double, variance: Double) {
        let n = Double(x.count)
        let mean = x.reduce(0, +) / n
        guard x.count > 1 else { return (mean, 0) }
        return (mean, x.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / (n - 1))
    }
}
