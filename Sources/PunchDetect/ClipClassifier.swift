import PunchKit
import PunchModel

/// One label for a whole clip (`punchcoach evaluate`): the stream is run over the clip as if live;
/// the clip is the most confident punch event it produced, or — when none — the background class
/// (stance, idle) with the most probability over the clip's own frames.
///
/// A clip shorter than the window is held still at both ends first (`ShortClipPadding`: tight real clips
/// such as BoxingVI's 0.3-s punches would otherwise end before the detector labels their end); a clip of
/// fewer than 2 frames is refused with `ClipTooShortError`.
public struct ClipClassifier {
    public let classifier: PunchClassifier
    public let configuration: DetectorConfiguration
    public let padding: ShortClipPadding

    public init(classifier: PunchClassifier, configuration: DetectorConfiguration = DetectorConfiguration()) {
        self.classifier = classifier
        self.configuration = configuration
        padding = ShortClipPadding(classifier: classifier, configuration: configuration)
    }

    public struct Outcome: Sendable {
        public var label: String
        public var events: [DetectedEvent]
        /// Whether the clip was shorter than the window and padded (`ShortClipPadding`).
        public var padded = false
        /// Every run of punch probability over the clip (those of a padded clip's still ends left out).
        public var runs: [ClosedRun] = []
        /// Whether the stance was given, read from the body, or assumed (`StanceReading`).
        public var stanceReading: StanceReading
    }

    /// `stance` fixes the stance (e.g. from the file); nil keeps the configuration's. `onFeatures` sees every
    /// window the network reads (`PunchDetector.onFeatures`), a padded clip's still ends too.
    public func classify(_ sequence: SkeletonSequence, stance: Stance? = nil,
                         onFeatures: ((Double, UnsafeBufferPointer<Float>) -> Void)? = nil) throws -> Outcome {
        let padded = try padding.padded(sequence)
        let isPadded = padded.frameCount != sequence.frameCount
        let span = isPadded ? (sequence.times.first!...sequence.times.last!) : nil
        var r = StreamRunner.run(classifier, padded, configuration: configuration, stance: stance, labelledSpan: span,
                                 onFeatures: onFeatures)
        if isPadded {
            // An event overlapping the clip is the clip's (a punch closed during the still end); one wholly
            // inside a still end is the padding's, not the boxer's.
            r.events = r.events.filter { span!.overlaps($0.event.start...$0.event.end) }
            r.runs = r.runs.filter { span!.overlaps($0.start...$0.end) }
        }
        if let best = r.events.max(by: { $0.event.confidence < $1.event.confidence }) {
            return Outcome(label: best.event.label, events: r.events, padded: isPadded, runs: r.runs, stanceReading: r.stanceReading)
        }
        let label = classifier.backgroundClassIndices.max { r.meanProbabilities[$0] < r.meanProbabilities[$1] }.map { classifier.classes[$0] }
        return Outcome(label: label ?? classifier.classes[0], events: r.events, padded: isPadded, runs: r.runs, stanceReading: r.stanceReading)
    }
}

/// Runs a whole sequence through a detector, as a live stream would.
public enum StreamRunner {
    public struct Result: Sendable {
        public var events: [DetectedEvent]
        /// Every run of punch probability, events and dropped ones (`ClosedRun`).
        public var runs: [ClosedRun]
        public var stance: Stance
        public var stanceReading: StanceReading
        public var frames: Int
        /// Smoothed class probabilities averaged over the input frames (those in `labelledSpan` when given).
        public var meanProbabilities: [Double]
    }

    /// `labelledSpan`: average the probabilities only while the frame the network labels (look-ahead
    /// frames behind the newest) lies in this span — a padded clip's own frames, not its still ends.
    public static func run(_ classifier: PunchClassifier, _ s: SkeletonSequence, configuration: DetectorConfiguration = DetectorConfiguration(),
                           stance: Stance? = nil, labelledSpan: ClosedRange<Double>? = nil,
                           onFeatures: ((Double, UnsafeBufferPointer<Float>) -> Void)? = nil) -> Result {
        var cfg = configuration
        if let stance { cfg.stance = stance }
        let detector = PunchDetector(classifier: classifier, configuration: cfg)
        detector.positionsHaveDepth = s.hasBodyDepth
        detector.onFeatures = onFeatures
        var runs: [ClosedRun] = []
        detector.onRunClosed = { runs.append($0) }
        var events: [DetectedEvent] = []
        var sum = [Double](repeating: 0, count: classifier.classes.count)
        var counted = 0
        let lag = Double(classifier.window.lookahead) / classifier.window.rate
        for f in 0..<s.frameCount {
            events += detector.push(s.frame(f))
            if let labelledSpan, !labelledSpan.contains(detector.time - lag) { continue }
            for k in sum.indices { sum[k] += Double(detector.probabilities[k]) }
            counted += 1
        }
        events += detector.finish()
        return Result(events: events, runs: runs, stance: detector.stance, stanceReading: detector.stanceReading, frames: s.frameCount,
                      meanProbabilities: sum.map { $0 / Double(max(counted, 1)) })
    }
}
