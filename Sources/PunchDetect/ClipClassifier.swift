import PunchKit
import PunchModel

/// One label for a whole clip (`punchcoach evaluate`): the stream is run over the clip as if live;
/// the clip is the most confident punch event it produced, or — when none — the background class
/// (stance, idle) with the most probability over the clip.
public struct ClipClassifier {
    public let classifier: PunchClassifier
    public let configuration: DetectorConfiguration

    public init(classifier: PunchClassifier, configuration: DetectorConfiguration = DetectorConfiguration()) {
        self.classifier = classifier
        self.configuration = configuration
    }

    public struct Outcome: Sendable {
        public var label: String
        public var events: [DetectedEvent]
    }

    /// `stance` fixes the stance (e.g. from the file); nil keeps the configuration's.
    public func classify(_ sequence: SkeletonSequence, stance: Stance? = nil) -> Outcome {
        let r = StreamRunner.run(classifier, sequence, configuration: configuration, stance: stance)
        if let best = r.events.max(by: { $0.event.confidence < $1.event.confidence }) {
            return Outcome(label: best.event.label, events: r.events)
        }
        let label = classifier.backgroundClassIndices.max { r.meanProbabilities[$0] < r.meanProbabilities[$1] }.map { classifier.classes[$0] }
        return Outcome(label: label ?? classifier.classes[0], events: r.events)
    }
}

/// Runs a whole sequence through a detector, as a live stream would.
public enum StreamRunner {
    public struct Result: Sendable {
        public var events: [DetectedEvent]
        public var stance: Stance
        public var frames: Int
        /// Smoothed class probabilities averaged over the 60 fps frames.
        public var meanProbabilities: [Double]
    }

    public static func run(_ classifier: PunchClassifier, _ s: SkeletonSequence, configuration: DetectorConfiguration = DetectorConfiguration(),
                           stance: Stance? = nil) -> Result {
        var cfg = configuration
        if let stance { cfg.stance = stance }
        let detector = PunchDetector(classifier: classifier, configuration: cfg)
        detector.positionsHaveDepth = s.hasBodyDepth
        var events: [DetectedEvent] = []
        var sum = [Double](repeating: 0, count: classifier.classes.count)
        for f in 0..<s.frameCount {
            events += detector.push(s.frame(f))
            for k in sum.indices { sum[k] += Double(detector.probabilities[k]) }
        }
        events += detector.finish()
        return Result(events: events, stance: detector.stance, frames: s.frameCount,
                      meanProbabilities: sum.map { $0 / Double(max(s.frameCount, 1)) })
    }
}
