import Foundation
import PunchDetect
import PunchKit
import PunchModel

/// The Markdown report of `punchcoach average`: what was averaged, with what weights, and how each model was trained
/// (their own training reports say the rest).
enum AverageReport {
    static func write(to url: URL, averaged: PunchClassifier, models: [String],
                      evaluation: (evaluation: DatasetEvaluation, people: [String])?, command: [String]) throws {
        let h = averaged.header, t = h.training
        let trainings = t.base ?? [], weights = t.averagingWeights ?? []
        var s = "# Punch classifier: weights averaged\n\n"
        s += "Command: `punchcoach \(command.dropFirst().joined(separator: " "))`\n\n"
        s += "One network whose every weight is the weighted mean of the same weight in \(models.count) models tuned from one "
        s += "model (a model soup; with the base among them, WiSE-FT: Wortsman et al. 2022). It costs one forward pass.\n\n"
        s += "- classes: \(h.classes.joined(separator: ", ")) (background: \(h.background.joined(separator: ", ")))\n"
        s += "- network: \(h.layers.map(\.summary).joined(separator: " → ")); \(h.parameterCount) parameters\n"
        s += "- window: \(h.window.frames) frames at \(Int(h.window.rate)) fps, look-ahead \(h.window.lookahead) frames\n"
        s += "- people learnt from (every model's training and validation subjects, and their bases'): \(t.allSubjects.count)\n"
        s += "- left out by every model: \(t.excludedSubjects?.joined(separator: ", ") ?? "nobody")\n\n"
        s += "| model | weight | data | seed | epochs (best) | trained | tuned from |\n|---|---:|---|---:|---|---|---|\n"
        for (path, (training, weight)) in zip(models, zip(trainings, weights)) {
            let from = training.base?.first.map { "\($0.data.joined(separator: ", ")) (\($0.trainedAt))" } ?? "–"
            s += "| `\(path)` | \(String(format: "%.4g", weight)) | "
            s += "\(training.data.joined(separator: ", ")) | \(training.seed) | \(training.epochs) (\(training.bestEpoch)) | "
            s += "\(training.trainedAt) | \(from) |\n"
        }
        if let (e, people) = evaluation {
            let png = url.deletingPathExtension().appendingPathExtension("confusion.png")
            try ConfusionChart.draw(e.report.confusion, title: "held-out subjects, clip level", to: png.path)
            s += "\n" + EvaluationMarkdown.text(e, title: "Held-out subjects, clip level")
            s += "People: \(people.joined(separator: ", ")) — held out for validation by every model averaged and trained on by "
            s += "none (their validation loss chose each model's epoch, as in a training report).\n\n"
            s += "![confusion](\(png.lastPathComponent))\n"
        }
        try TextFileWriter.write(s, to: url)
    }
}
