import PunchKit
import PunchModel

/// A saved model on a dataset, as `punchcoach evaluate` reports it: clip level (each labelled clip
/// gets one label from the stream, see `ClipClassifier`) and event level (long recordings with truth).
public struct DatasetEvaluation: Sendable {
    public struct ClipResult: Sendable {
        public var name: String
        public var subject: String?
        public var truth: String
        public var predicted: String
        public var confidence: Double?
    }

    public var report: ClassificationReport
    public var clips: [ClipResult]
    public var events: EventScore?
    public var recordings: Int
}

public enum DatasetEvaluator {
    public static func evaluate(_ classifier: PunchClassifier, clips: [LabelledClip],
                                configuration: DetectorConfiguration = DetectorConfiguration()) -> DatasetEvaluation {
        let clipClassifier = ClipClassifier(classifier: classifier, configuration: configuration)
        let labelled = clips.filter { $0.label != nil }
        let results = concurrentMap(labelled) { clip -> DatasetEvaluation.ClipResult in
            let outcome = clipClassifier.classify(clip.sequence, stance: clip.sequence.declaredStance)
            let best = outcome.events.max { $0.event.confidence < $1.event.confidence }
            return .init(name: clip.name, subject: clip.subject, truth: clip.label!, predicted: outcome.label,
                         confidence: best?.event.confidence)
        }
        var labels = classifier.classes
        for r in results where !labels.contains(r.truth) { labels.append(r.truth) }
        var confusion = ConfusionMatrix(labels: labels)
        for r in results { confusion.add(truth: r.truth, predicted: r.predicted) }

        // Long recordings with truth: event precision / recall.
        let recordings = clips.filter { $0.label == nil && !$0.segments.isEmpty }
        var events: EventScore? = nil
        if !recordings.isEmpty {
            let punchLabels = Set(classifier.punchLabels)
            let detected = concurrentMap(recordings) { clip -> [DetectedEvent] in
                StreamRunner.run(classifier, clip.sequence, configuration: configuration, stance: clip.sequence.declaredStance).events
            }
            // Score each recording on its own clock, then pool the counts.
            var pooled: [DetectedEvent] = []
            var truth: [PunchEvent] = []
            var offset = 0.0
            for (clip, found) in zip(recordings, detected) {
                for var d in found {
                    d.event.start += offset; d.event.end += offset; d.emittedAt += offset
                    pooled.append(d)
                }
                truth += clip.segments.map { PunchEvent(start: $0.start + offset, end: $0.end + offset, label: $0.label, hand: .none, confidence: 1, peakSpeed: 0) }
                offset += (clip.sequence.times.last ?? 0) + 10
            }
            events = EventMatcher.score(detected: pooled, truth: truth, punchLabels: punchLabels)
        }
        return DatasetEvaluation(report: ClassificationReport(confusion), clips: results, events: events, recordings: recordings.count)
    }
}
