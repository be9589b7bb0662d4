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
    var clips: Int
    var subjects: [String]
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
        subjects = Array(Set(e.clips.compactMap(\.subject))).sorted()
        events = e.events
        recordings = e.recordings
    }
}
