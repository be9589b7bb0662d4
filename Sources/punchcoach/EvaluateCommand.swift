import ArgumentParser
import Foundation
import PoseVision
import PunchDetect
import PunchKit
import PunchModel

struct EvaluateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "evaluate",
        abstract: "Evaluate a saved model on a labelled dataset: per-class precision, recall, F1, support; confusion matrix.",
        discussion: """
            Clip level: each labelled clip gets one label from the stream, as the coach would see it (the most \
            confident punch event, else the likeliest of stance/idle). Long recordings with truth (X.events.csv) \
            are scored as events. Reads DIR/<label>/<clip>.csv, DIR/index.csv (e.g. CoachMe: SMPL-22, y down) \
            or videos.
            """)

    @Option(help: "Model file (default: Weights/punch-classifier.model).") var model: String?
    @Option(help: "Dataset folder.") var data: String
    @Option(help: "Write a Markdown report (and a confusion-matrix PNG beside it).") var report: String?
    @Option(help: "Stance of the boxers when the files do not say: orthodox, southpaw or auto (read from the body).")
    var stance: StanceOption = .auto
    @Flag(help: "Print one JSON object on stdout.") var json = false

    func run() async throws {
        let classifier = try ModelLocation.load(model)
        let dataset = try DatasetLoading.load([data], quiet: false)[0]
        var cfg = DetectorConfiguration()
        cfg.stance = stance.fixed
        Log.info("evaluating \(dataset.clips.count) recordings…")
        let evaluation = DatasetEvaluator.evaluate(classifier, clips: dataset.clips, configuration: cfg)
        if let report {
            let url = URL(fileURLWithPath: report)
            let png = url.deletingPathExtension().appendingPathExtension("confusion.png")
            try ConfusionChart.draw(evaluation.report.confusion, title: "clip-level confusion: \(data)", to: png.path)
            var md = "# Evaluation of \(model ?? "the default model") on \(data)\n\n"
            md += EvaluationMarkdown.text(evaluation, title: "Clip level")
            md += "![confusion](\(png.lastPathComponent))\n"
            try Data(md.utf8).write(to: url)
        }
        if json {
            try JSONOutput.print(EvaluationJSON(evaluation))
        } else {
            print(EvaluationMarkdown.text(evaluation, title: "Evaluation on \(data)"))
        }
    }
}

/// `--stance orthodox|southpaw|auto`.
enum StanceOption: String, ExpressibleByArgument, CaseIterable {
    case orthodox, southpaw, auto
    var fixed: Stance? { self == .auto ? nil : Stance(rawValue: rawValue) }
}
