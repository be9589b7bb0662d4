import Foundation
import PunchDetect
import PunchKit
import PunchModel

/// The Markdown report of a training run, with its two PNGs beside it.
enum TrainingReport {
    static func write(to url: URL, classifier: PunchClassifier, configuration cfg: TrainingConfiguration, outcome: Trainer.Outcome,
                      evaluation: DatasetEvaluation, datasets: [Dataset], seconds: Double, command: [String], modelPath: String) throws {
        let base = url.deletingPathExtension()
        let confusionPNG = base.appendingPathExtension("confusion.png")
        let curvesPNG = base.appendingPathExtension("curves.png")
        let heldOut = !classifier.header.training.validationSubjects.isEmpty
        if heldOut {
            try ConfusionChart.draw(evaluation.report.confusion, title: "held-out subjects, clip level", to: confusionPNG.path)
        }
        try LearningCurveChart.draw(outcome.history, bestEpoch: outcome.bestEpoch, to: curvesPNG.path)
        let h = classifier.header
        var s = "# Punch classifier: training report\n\n"
        s += "Command: `punchcoach \(command.dropFirst().joined(separator: " "))`\n\n"
        s += "- classes: \(h.classes.joined(separator: ", ")) (background: \(h.background.joined(separator: ", ")))\n"
        s += "- network: \(h.layers.map(\.summary).joined(separator: " → ")); \(h.parameterCount) parameters\n"
        s += "- window: \(h.window.frames) frames at \(Int(h.window.rate)) fps, look-ahead \(h.window.lookahead) frames\n"
        s += "- data: \(h.training.data.joined(separator: ", ")), SHA-256 \(h.training.dataHash.prefix(16))…\n"
        if let teachers = h.training.teachers {
            s += "- distilled from \(teachers.count) teacher(s) (seeds \(teachers.map { String($0.seed) }.joined(separator: ", ")), same data SHA-256 "
            s += "\(Set(teachers.map(\.dataHash)) == [h.training.dataHash] ? "yes" : "no")) at weight \(cfg.distillation)\n"
        }
        // A soup (`train --soup K`) names its tunings as its bases; each was tuned as one training would be.
        let tunings = h.training.averagingWeights == nil ? nil : h.training.base
        if let tunings {
            s += "- a model soup: the weights of \(tunings.count) tunings (seeds \(tunings.map { String($0.seed) }.joined(separator: ", "))) "
            s += "averaged into one network; each tuned as below (the learning curves are the first's)\n"
        }
        let tuning = tunings?.first ?? h.training
        if let base = tuning.base?.first {
            s += "- fine-tuned from a model trained on \(base.data.joined(separator: ", ")) (SHA-256 \(base.dataHash.prefix(16))…)"
            s += tuning.rehearsal.map { ", rehearsing \($0.joined(separator: "; ")) at \(Int((cfg.rehearsalShare * 100).rounded())) % of every epoch" } ?? ""
            s += "\n"
        }
        s += "- subjects: \(h.training.subjects.count) for training, held out: \(heldOut ? h.training.validationSubjects.joined(separator: ", ") : "nobody")\n"
        let kept = outcome.averagedEpochs.map { "weights averaged over every step of epochs \($0.lowerBound)–\($0.upperBound)" }
            ?? "best \(outcome.bestEpoch)"
        s += "- seed \(cfg.seed), \(outcome.history.count) epochs (\(kept)\(outcome.stoppedEarly ? ", early stop" : "")), "
        s += "batch \(cfg.batch), AdamW lr \(cfg.learningRate) wd \(cfg.weightDecay), label smoothing \(cfg.labelSmoothing), class balance \(cfg.classBalance), "
        s += "\(String(format1: seconds)) s on this machine\n"
        let changed = cfg.changedSettings
        s += "- settings other than the defaults: \(changed.isEmpty ? "none" : changed.map { "`\($0)`" }.joined(separator: ", "))\n\n"
        for d in datasets { s += "### Data: \(d.root.path)\n\n```\n\(DatasetSummary(d).text())\n```\n\n" }
        if heldOut {
            s += EvaluationMarkdown.text(evaluation, title: "Held-out subjects, clip level")
            s += "![confusion](\(confusionPNG.lastPathComponent))\n\n"
        } else {
            s += "## Held-out subjects\n\n\(nobodyHeldOut(model: modelPath, data: h.training.data))\n\n"
        }
        if let frames = outcome.validationConfusion {
            s += "## Held-out subjects, frame level (validation windows)\n\n" + ClassificationReport(frames).markdown() + "\n"
        }
        s += "## Learning curves\n\n![curves](\(curvesPNG.lastPathComponent))\n\n"
        s += "| epoch | train loss | train acc | val loss | val acc | val macro-F1 | lr | s |\n|---:|---:|---:|---:|---:|---:|---:|---:|\n"
        for e in outcome.history {
            s += "| \(e.epoch) | \(String(format3: e.trainLoss)) | \(String(format3: e.trainAccuracy)) | "
            s += "\(e.validationLoss.map { String(format3: $0) } ?? "–") | \(e.validationAccuracy.map { String(format3: $0) } ?? "–") | "
            s += "\(e.validationMacroF1.map { String(format3: $0) } ?? "–") | \(String(format: "%.5f", e.learningRate)) | \(String(format1: e.seconds)) |\n"
        }
        try TextFileWriter.write(s, to: url)
    }

    /// What a run without held-out people says instead of scores (a fine-tune on one person's clips).
    static func nobodyHeldOut(model: String, data: [String]) -> String {
        "Nobody was held out: the data holds one person, so every clip was trained on and nothing is scored here. "
            + "Score the model on clips it did not learn from: punchcoach evaluate --model \(model) --data DIR "
            + "(not \(data.joined(separator: ", ")))."
    }
}
