import Foundation
import PunchDetect

/// `evaluate --against`: two models on the same data, side by side and clip by clip.
enum ComparisonMarkdown {
    static func text(model: String, _ first: DatasetEvaluation, against: String, _ second: DatasetEvaluation,
                     _ c: ModelComparison) -> String {
        var s = "## Against \(against), clip by clip (the same \(c.clips) clips)\n\n"
        let events = first.events != nil && second.events != nil
        s += "| model | clips read right | macro-F1 |" + (events ? " event F1 | false events / min |" : "") + "\n"
        s += "|---|---:|---:|" + (events ? "---:|---:|" : "") + "\n"
        for (name, e, right) in [(model, first, c.firstRight), (against, second, c.secondRight)] {
            s += "| \(name) | \(right) of \(c.clips) | \(String(format3: e.report.macroF1)) |"
            if events, let ev = e.events {
                s += " \(String(format3: ev.f1)) | \(ev.falsePerMinute.map { String(format: "%.2f", $0) } ?? "–") |"
            }
            s += "\n"
        }
        func listed(_ names: [String]) -> String {
            names.isEmpty ? "0" : "\(names.count) (\(names.prefix(8).joined(separator: ", "))\(names.count > 8 ? ", …" : ""))"
        }
        s += "\nRead right by \(model) only: \(listed(c.onlyFirst)); by \(against) only: \(listed(c.onlySecond)). "
        s += "McNemar's exact test: p = \(String(format3: c.pValue)): \(c.verdict(first: model, second: against)).\n"
        return s
    }
}
