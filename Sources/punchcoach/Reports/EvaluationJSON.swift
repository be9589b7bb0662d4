import PunchDetect
import PunchKit

/// The `--json` shape of `evaluate` (and the `evaluation` part of `train`): keys of the brief first.
struct EvaluationJSON: Encodable {
    struct Macro: Encodable { var precision, recall, f1: Double }
    struct ClassEntry: Encodable {
        var label: String
        var precision, recall, f1: Double
        var support: Int
        /// What this class's misses were predicted as.
        var confusedWith: [String: Int]
        enum CodingKeys: String, CodingKey { case label, precision, recall, f1, support, confusedWith = "confused_with" }
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
    }

    var clips: Int
    var subjects: [String]
    /// Every clip given the wrong label, to look at.
    var misclassified: [Miss]
    var events: EventScore?
    var recordings: Int

    init(_ e: DatasetEvaluation) {
        let r = e.report
        accuracy = r.accuracy
        macro = Macro(precision: r.macroPrecision, recall: r.macroRecall, f1: r.macroF1)
        classes = r.classes.map { c in
            ClassEntry(label: c.label, precision: c.precision, recall: c.recall, f1: c.f1, support: c.support,
                       confusedWith: Dictionary(uniqueKeysWithValues: r.confusions(of: c.label).map { ($0.label, $0.count) }))
        }
        confusion = Confusion(labels: r.confusion.labels, matrix: r.confusion.counts)
        clips = e.clips.count
        misclassified = e.clips.filter { $0.truth != $0.predicted }.map {
            Miss(clip: $0.name, subject: $0.subject, truth: $0.truth, predicted: $0.predicted, confidence: $0.confidence)
        }
        subjects = Array(Set(e.clips.compactMap(\.subject))).sorted()
        events = e.events
        recordings = e.recordings
    }
}
