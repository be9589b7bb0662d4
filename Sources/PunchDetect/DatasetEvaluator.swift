import PunchKit
import PunchModel

/// A saved model on a dataset, as `punchcoach evaluate` reports it: clip level (each labelled clip
/// gets one label from the stream, see `ClipClassifier`) and event level (long recordings with truth).
public struct DatasetEvaluation: Sendable {
    public struct ClipResult: Sendable {
        public var name: String
        public var subject: String?
        /// Labels as given and as predicted, before `merge`.
        public var truth: String
        public var predicted: String
        public var confidence: Double?
        /// Shorter than the window, so held still at both ends (`ShortClipPadding`).
        public var padded = false
        /// Where the camera stood, when the file says (synthetic clips).
        public var camera = CameraTag()
        /// How square the shoulders stand to the camera in the picture; nil when no frame shows them and the hips.
        public var view: ApparentView?
        /// What became of the clip's runs of punch probability.
        public var runs = RunTally()
        /// Nothing said the stance (no `stance=`, no `--stance`) and the clip could not show it (2D keypoints, or
        /// no guard): read as orthodox.
        public var stanceAssumed = false

        public init(name: String, subject: String? = nil, truth: String, predicted: String, confidence: Double? = nil,
                    padded: Bool = false, camera: CameraTag = CameraTag(), view: ApparentView? = nil, runs: RunTally = RunTally()) {
            self.name = name
            self.subject = subject
            self.truth = truth
            self.predicted = predicted
            self.confidence = confidence
            self.padded = padded
            self.camera = camera
            self.view = view
            self.runs = runs
        }
    }

    /// A recording that was not scored (unreadable, or fewer than 2 frames): named, counted, left out of
    /// the scores.
    public struct ClipFailure: Sendable, Equatable {
        public var name: String
        public var message: String

        public init(name: String, message: String) {
            self.name = name
            self.message = message
        }
    }

    /// Scored on families: truth and prediction mapped through `merge` (see `LabelMerge`).
    public var report: ClassificationReport
    public var clips: [ClipResult]
    public var failures: [ClipFailure] = []
    public var events: EventScore?
    public var recordings: Int
    /// What became of the long recordings' runs of punch probability.
    public var recordingRuns = RunTally()
    /// Long recordings whose stance was assumed (see `ClipResult.stanceAssumed`).
    public var recordingsStanceAssumed = 0
    /// Clips and long recordings whose stance was assumed orthodox.
    public var stanceAssumed: Int { clips.filter(\.stanceAssumed).count + recordingsStanceAssumed }
    public var merge = LabelMerge()

    public init(report: ClassificationReport, clips: [ClipResult], failures: [ClipFailure] = [], events: EventScore? = nil,
                recordings: Int = 0, recordingRuns: RunTally = RunTally(), merge: LabelMerge = LabelMerge()) {
        self.report = report
        self.clips = clips
        self.failures = failures
        self.events = events
        self.recordings = recordings
        self.recordingRuns = recordingRuns
        self.merge = merge
    }

    /// What became of the clips' runs, per truth label (after `merge`).
    public var runsByTruth: [String: RunTally] {
        var out: [String: RunTally] = [:]
        for c in clips { out[merge.map(c.truth), default: RunTally()].add(c.runs) }
        return out
    }

    /// Some of the clips scored as the whole set is: its labels, on its families.
    public func report(of subset: [ClipResult]) -> ClassificationReport {
        var confusion = ConfusionMatrix(labels: report.confusion.labels)
        for r in subset { confusion.add(truth: merge.map(r.truth), predicted: merge.map(r.predicted)) }
        return ClassificationReport(confusion)
    }

    /// The clips given a wrong label (after `merge`).
    public var misses: [ClipResult] { clips.filter { merge.map($0.truth) != merge.map($0.predicted) } }
}

public enum DatasetEvaluator {
    /// `merge` scores label families (truth and prediction mapped alike); `seconds` of the long
    /// recordings give the event level's false punch events per minute.
    public static func evaluate(_ classifier: PunchClassifier, clips: [LabelledClip],
                                configuration: DetectorConfiguration = DetectorConfiguration(),
                                merge: LabelMerge = LabelMerge()) -> DatasetEvaluation {
        let clipClassifier = ClipClassifier(classifier: classifier, configuration: configuration)
        let labelled = clips.filter { $0.label != nil }
        let outcomes = concurrentMap(labelled) { clip -> Result<DatasetEvaluation.ClipResult, Error> in
            Result {
                let outcome = try clipClassifier.classify(clip.sequence, stance: clip.sequence.declaredStance)
                let best = outcome.events.max { $0.event.confidence < $1.event.confidence }
                var result = DatasetEvaluation.ClipResult(
                    name: clip.name, subject: clip.subject, truth: clip.label!, predicted: outcome.label,
                    confidence: best?.event.confidence, padded: outcome.padded, camera: CameraTag(clip.sequence),
                    view: ApparentView(clip.sequence), runs: RunTally(outcome.runs))
                result.stanceAssumed = outcome.stanceReading == .assumed
                return result
            }
        }
        var results: [DatasetEvaluation.ClipResult] = []
        var failures: [DatasetEvaluation.ClipFailure] = []
        for (clip, outcome) in zip(labelled, outcomes) {
            switch outcome {
            case .success(let r): results.append(r)
            case .failure(let e): failures.append(.init(name: clip.name, message: "\(e)"))
            }
        }
        let report = score(results, classes: classifier.classes, merge: merge)

        // Long recordings with truth: event precision / recall.
        let recordings = clips.filter { $0.label == nil && !$0.segments.isEmpty }
        var events: EventScore? = nil
        var recordingRuns = RunTally()
        var recordingsStanceAssumed = 0
        if !recordings.isEmpty {
            let streamed = concurrentMap(recordings) { clip in
                StreamRunner.run(classifier, clip.sequence, configuration: configuration, stance: clip.sequence.declaredStance)
            }
            let detected = streamed.map(\.events)
            for r in streamed { recordingRuns.add(RunTally(r.runs)) }
            recordingsStanceAssumed = streamed.filter { $0.stanceReading == .assumed }.count
            // Score each recording on its own clock, then pool the counts.
            var pooled: [DetectedEvent] = []
            var truth: [PunchEvent] = []
            var offset = 0.0, seconds = 0.0
            var counts: [RecordingEventCounts] = []
            let punchLabels = Set(classifier.punchLabels)
            for (clip, found) in zip(recordings, detected) {
                let own = clip.segments.map { PunchEvent(start: $0.start, end: $0.end, label: $0.label, hand: .none, confidence: 1, peakSpeed: 0) }
                let alone = EventMatcher.score(detected: found, truth: own, punchLabels: punchLabels, merge: merge)
                counts.append(RecordingEventCounts(truePositives: alone.truePositives, falsePositives: alone.falsePositives,
                                                   falseNegatives: alone.falseNegatives, seconds: clip.sequence.duration,
                                                   recording: clip.name))
                for var d in found {
                    d.event.start += offset; d.event.end += offset; d.emittedAt += offset
                    pooled.append(d)
                }
                truth += own.map { var e = $0; e.start += offset; e.end += offset; return e }
                offset += (clip.sequence.times.last ?? 0) + 10
                seconds += clip.sequence.duration
            }
            events = EventMatcher.score(detected: pooled, truth: truth, punchLabels: punchLabels, merge: merge,
                                        seconds: seconds)
            events?.recordings = counts
            if let intervals = RecordingEventCounts.intervals(counts) {
                events?.f1Interval = intervals.f1
                events?.falsePerMinuteInterval = intervals.falsePerMinute
            }
        }
        var evaluation = DatasetEvaluation(report: report, clips: results, failures: failures, events: events,
                                           recordings: recordings.count, recordingRuns: recordingRuns, merge: merge)
        evaluation.recordingsStanceAssumed = recordingsStanceAssumed
        return evaluation
    }

    /// The clip-level report: truth and prediction mapped into `merge`'s families; the matrix's labels
    /// are the model's `classes`, then labels only the truth has (cs229's `straight`), all mapped.
    public static func score(_ results: [DatasetEvaluation.ClipResult], classes: [String], merge: LabelMerge = LabelMerge()) -> ClassificationReport {
        var labels = classes
        for r in results where !labels.contains(r.truth) { labels.append(r.truth) }
        var confusion = ConfusionMatrix(labels: merge.map(labels))
        for r in results { confusion.add(truth: merge.map(r.truth), predicted: merge.map(r.predicted)) }
        return ClassificationReport(confusion)
    }
}
