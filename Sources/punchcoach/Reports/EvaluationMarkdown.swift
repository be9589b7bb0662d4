import PunchDetect
import PunchKit

/// The Markdown of an evaluation: clip-level table and confusion matrix, misses, event scores.
enum EvaluationMarkdown {
    static func text(_ e: DatasetEvaluation, title: String) -> String {
        var s = "## \(title)\n\n"
        s += "\(e.clips.count) clips of \(Set(e.clips.compactMap(\.subject)).count) subjects, classified one label a clip "
        s += "(the most confident punch event of the stream, else the likeliest of stance/idle).\n\n"
        s += e.report.markdown() + "\n"
        let misses = e.report.classes.filter { $0.support > 0 }.compactMap { c -> String? in
            let confusions = e.report.confusions(of: c.label)
            guard !confusions.isEmpty else { return nil }
            return "- \(c.label): " + confusions.map { "\($0.count) → \($0.label)" }.joined(separator: ", ")
        }
        if !misses.isEmpty { s += "Misses (truth: count → predicted):\n\n" + misses.joined(separator: "\n") + "\n\n" }
        if let ev = e.events {
            s += "### Events on \(e.recordings) long recordings\n\n"
            s += "| precision | recall | F1 | count error | median latency (ms) | TP | FP | FN |\n|---:|---:|---:|---:|---:|---:|---:|---:|\n"
            s += "| \(String(format3: ev.precision)) | \(String(format3: ev.recall)) | \(String(format3: ev.f1)) | "
            s += "\(String(format3: ev.countError)) | \(ev.latencyMedianMs.map { String(format1: $0) } ?? "–") | "
            s += "\(ev.truePositives) | \(ev.falsePositives) | \(ev.falseNegatives) |\n\n"
        }
        return s
    }
}
