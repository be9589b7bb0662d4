import PunchDetect
import PunchKit

/// The `--json` shape of `evaluate` (and the `evaluation` part of `train`): keys of the brief first.
struct EvaluationJSON: Encodable {
    struct Macro: Encodable {
        var precision, recall, f1: Double
        /// `[low, high]`: the 95 % bootstrap interval of the F1 (`ClassificationReport.macroF1Interval`).
        var f1Interval: ScoreInterval?
        enum CodingKeys: String, CodingKey { case precision, recall, f1, f1Interval = "f1_interval" }
    }
    struct ClassEntry: Encodable {
        var label: String
        var precision, recall, f1: Double
        var support: Int
        /// `[low, high]`: the 95 % Wilson interval of the recall (`ScoreInterval.wilson`).
        var recallInterval: ScoreInterval?
        /// What this class's misses were predicted as.
        var confusedWith: [String: Int]
        enum CodingKeys: String, CodingKey {
            case label, precision, recall, f1, support, recallInterval = "recall_interval", confusedWith = "confused_with"
        }
        init(_ c: ClassScores, of report: ClassificationReport, recallInterval: ScoreInterval?) {
            label = c.label; precision = c.precision; recall = c.recall; f1 = c.f1; support = c.support
            self.recallInterval = recallInterval
            confusedWith = Dictionary(uniqueKeysWithValues: report.confusions(of: c.label).map { ($0.label, $0.count) })
        }
    }
    struct Confusion: Encodable {
        var labels: [String]
        var matrix: [[Int]]
    }

    var accuracy: Double
    var macro: Macro
    var classes: [ClassEntry]
    var confusion: Confusion
    struct Miss: Encodable {
        var clip: String
        var subject: String?
        var truth: String
        var predicted: String
        var confidence: Double?
        /// `ApparentView.yaw`: how far from square the clip's shoulders looked, 0–90°.
        var apparentYaw: Double?
        enum CodingKeys: String, CodingKey { case clip, subject, truth, predicted, confidence, apparentYaw = "apparent_yaw" }
    }

    var clips: Int
    var subjects: [String]
    /// Every clip given the wrong label, to look at.
    var misclassified: [Miss]
    var events: EventScore?
    var recordings: Int
    /// Clips that could not be classified (fewer than 2 frames), named.
    var errors: [ClipError]
    struct ClipError: Encodable { var clip, message: String }
    /// Clips shorter than the window, held still at both ends before classification.
    var paddedClips: Int
    /// Clips and long recordings read as orthodox because nothing said their stance and they could not show it
    /// (2D keypoints): `--stance southpaw` reads them the other way.
    var stanceAssumed: Int
    /// The label families scored (`--merge`): family → members.
    var merge: [String: [String]]
    /// `--by-camera`: macro-F1 per camera-yaw bin, stance and selfie view.
    var byCamera: [CameraEntry]?
    /// `--by-camera`: the worst camera group of `WorstGroupByChance.minimumClips` clips or more beside what chance gives.
    var worstCamera: WorstCameraEntry?
    /// `--by-view`: the clips scored per apparent view (frontal, three-quarter, side-on, unknown).
    var byView: [ViewEntry]?
    /// `--unseen`: the subjects left out because the model learnt from them (empty: none were).
    var leftOutSubjects: [String]?
    /// `--against MODEL`: the same data read by a second model, compared clip by clip.
    var against: AgainstEntry?
    struct AgainstEntry: Encodable {
        var model: String
        var accuracy, macroF1: Double
        var events: EventScore?
        var clips, modelRight, againstRight: Int
        /// Clips read right by one model only: the evaluated model (`--model`) and the one it is compared against.
        var onlyModel, onlyAgainst: [String]
        var pValue: Double
        var verdict: String
        enum CodingKeys: String, CodingKey {
            case model, accuracy, macroF1 = "macro_f1", events, clips, modelRight = "model_right", againstRight = "against_right"
            case onlyModel = "only_model", onlyAgainst = "only_against", pValue = "p_value", verdict
        }
        init(model: String, _ e: DatasetEvaluation, _ c: ModelComparison) {
            self.model = model
            accuracy = e.report.accuracy; macroF1 = e.report.macroF1; events = e.events
            clips = c.clips; modelRight = c.firstRight; againstRight = c.secondRight
            onlyModel = c.onlyFirst; onlyAgainst = c.onlySecond; pValue = c.pValue
            verdict = c.verdict(first: "the evaluated model (--model)", second: "the model compared against (--against)")
        }
    }
    /// What became of the detector's runs of punch probability: per truth label of the clips, and over the
    /// long recordings.
    var runs: Runs
    struct Runs: Encodable {
        var clipsByTruth: [String: Tally]
        var recordings: Tally?
        enum CodingKeys: String, CodingKey { case clipsByTruth = "clips_by_truth", recordings }
    }
    struct Tally: Encodable {
        var runs, events: Int
        var droppedBy: [String: Int]
        enum CodingKeys: String, CodingKey { case runs, events, droppedBy = "dropped_by" }
        init(_ t: RunTally) {
            runs = t.runs; events = t.events
            droppedBy = Dictionary(uniqueKeysWithValues: t.droppedBy.map { ($0.key.rawValue, $0.value) })
        }
    }
    struct CameraEntry: Encodable {
        var yawMin, yawMax: Double?
        var stance: String?
        var selfie: Bool?
        var clips: Int
        var macroF1, accuracy: Double
        /// The group's median `ApparentView.yaw`: the stated yaw beside what the picture shows.
        var apparentYaw: Double?
        /// `[low, high]`: `CameraBreakdown.Group.accuracyInterval`, all groups' together at 95 %.
        var accuracyInterval: ScoreInterval?
        /// `CameraBreakdown.Group.missesByChance` and `.weakerThanTheRest`.
        var missesByChance: Double
        var weakerThanRest: Bool
        enum CodingKeys: String, CodingKey {
            case yawMin = "yaw_min", yawMax = "yaw_max", stance, selfie, clips, macroF1 = "macro_f1", accuracy
            case apparentYaw = "apparent_yaw", accuracyInterval = "accuracy_interval"
            case missesByChance = "misses_by_chance", weakerThanRest = "weaker_than_rest"
        }
        init(_ g: CameraBreakdown.Group) {
            yawMin = g.yawMin; yawMax = g.yawMax; stance = g.stance; selfie = g.selfie
            clips = g.clips; macroF1 = g.macroF1; accuracy = g.accuracy; apparentYaw = g.apparentYaw
            accuracyInterval = g.accuracyInterval; missesByChance = g.missesByChance; weakerThanRest = g.weakerThanTheRest
        }
        func encode(to encoder: Encoder) throws {
            // Unknown camera fields are written as null, not left out: every row has the same keys.
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(yawMin, forKey: .yawMin); try c.encode(yawMax, forKey: .yawMax)
            try c.encode(stance, forKey: .stance); try c.encode(selfie, forKey: .selfie)
            try c.encode(clips, forKey: .clips); try c.encode(macroF1, forKey: .macroF1); try c.encode(accuracy, forKey: .accuracy)
            try c.encode(apparentYaw, forKey: .apparentYaw)
            try c.encode(accuracyInterval, forKey: .accuracyInterval)
            try c.encode(missesByChance, forKey: .missesByChance); try c.encode(weakerThanRest, forKey: .weakerThanRest)
        }
    }
    struct WorstCameraEntry: Encodable {
        var minimumClips: Int
        var observed, chanceMedian, chanceLow, chanceHigh, shareAsLow: Double
        enum CodingKeys: String, CodingKey {
            case minimumClips = "minimum_clips", observed, chanceMedian = "chance_median", chanceLow = "chance_p05"
            case chanceHigh = "chance_p95", shareAsLow = "share_as_low"
        }
        init(_ w: WorstGroupByChance) {
            minimumClips = WorstGroupByChance.minimumClips
            observed = w.observed; chanceMedian = w.median; chanceLow = w.low; chanceHigh = w.high; shareAsLow = w.shareAsLow
        }
    }
    struct ViewEntry: Encodable {
        var view: String
        /// The bin's apparent yaw from, to in degrees; null for unknown.
        var yawMin, yawMax: Double?
        var clips: Int
        /// The clips of the group by name (`tools/cue-probe --view` probes the same clips in every copy).
        var names: [String]
        var shoulderRatio: Double?
        var macroF1, accuracy: Double
        /// Classes with clips in the group: recall, precision and what their misses were read as.
        var classes: [ClassEntry]
        enum CodingKeys: String, CodingKey {
            case view, yawMin = "yaw_min", yawMax = "yaw_max", clips, names, shoulderRatio = "shoulder_ratio"
            case macroF1 = "macro_f1", accuracy, classes
        }
        init(_ g: ViewBreakdown.Group) {
            view = g.view
            yawMin = g.yaw?.from; yawMax = g.yaw?.to
            clips = g.clips; names = g.names; shoulderRatio = g.shoulderRatio
            macroF1 = g.report.macroF1; accuracy = g.report.accuracy
            classes = g.report.classes.filter { $0.support > 0 }.map { ClassEntry($0, of: g.report, recallInterval: nil) }
        }
        func encode(to encoder: Encoder) throws {
            // Every row has the same keys: unknown's yaw range and ratio are null.
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(view, forKey: .view); try c.encode(yawMin, forKey: .yawMin); try c.encode(yawMax, forKey: .yawMax)
            try c.encode(clips, forKey: .clips); try c.encode(names, forKey: .names); try c.encode(shoulderRatio, forKey: .shoulderRatio)
            try c.encode(macroF1, forKey: .macroF1); try c.encode(accuracy, forKey: .accuracy); try c.encode(classes, forKey: .classes)
        }
    }

    enum CodingKeys: String, CodingKey {
        case accuracy, macro, classes, confusion, clips, subjects, misclassified, events, recordings, errors
        case paddedClips = "padded_clips", stanceAssumed = "stance_assumed", merge, byCamera = "by_camera", worstCamera = "worst_camera", byView = "by_view", leftOutSubjects = "left_out_subjects", runs, against
    }

    init(_ e: DatasetEvaluation) {
        let r = e.report
        accuracy = r.accuracy
        macro = Macro(precision: r.macroPrecision, recall: r.macroRecall, f1: r.macroF1,
                      f1Interval: r.macroF1Interval())
        classes = zip(r.classes, r.recallIntervals).map { ClassEntry($0, of: r, recallInterval: $1) }
        confusion = Confusion(labels: r.confusion.labels, matrix: r.confusion.counts)
        clips = e.clips.count
        misclassified = e.misses.map {
            Miss(clip: $0.name, subject: $0.subject, truth: $0.truth, predicted: $0.predicted, confidence: $0.confidence,
                 apparentYaw: $0.view?.yaw)
        }
        subjects = Array(Set(e.clips.compactMap(\.subject))).sorted()
        events = e.events
        recordings = e.recordings
        errors = e.failures.map { ClipError(clip: $0.name, message: $0.message) }
        paddedClips = e.clips.filter(\.padded).count
        stanceAssumed = e.stanceAssumed
        merge = Dictionary(uniqueKeysWithValues: e.merge.families.map { ($0.name, $0.members) })
        runs = Runs(clipsByTruth: e.runsByTruth.mapValues(Tally.init), recordings: e.recordings > 0 ? Tally(e.recordingRuns) : nil)
    }
}
