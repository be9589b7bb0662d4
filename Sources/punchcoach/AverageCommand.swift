import ArgumentParser
import Foundation
import PunchDetect
import PunchModel

struct AverageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "average",
        abstract: "Average the weights of models tuned from one model into one network (a model soup, WiSE-FT).",
        discussion: """
            Every model must descend from one trained model (its own training or one it was tuned from with \
            `train --from`), with the same network, classes and feature standardisation; networks trained apart \
            are refused, since their average is noise. With the base model among them this is WiSE-FT (Wortsman \
            et al. 2022): e.g. `average BASE TUNED --out M` keeps half of each. The result is one network, as fast \
            as any, whose file names every model averaged, their weights, and all the people they saw. \
            Measured on real people: docs/real-people.md.
            """)

    @Argument(help: ArgumentHelp("Model files to average (two or more).", valueName: "MODEL")) var models: [String]
    @Option(help: ArgumentHelp("Each model's weight, in order, positive and summing to 1 (default: equal).", valueName: "w,w,…"))
    var weights: String?
    @Option(help: "Where to write the averaged model.") var out: String
    @Option(help: "Write a Markdown report: the command, each model averaged with its weight and training.") var report: String?
    @Option(help: ArgumentHelp("With --report: score the average, clip level, on the people of this dataset that every model held out (their validation people; repeatable).", valueName: "DIR"))
    var data: [String] = []

    func validate() throws {
        guard models.count >= 2 else { throw ValidationError("give two models or more to average") }
        guard data.isEmpty || report != nil else { throw ValidationError("--data scores the average for its report: give --report FILE.md too") }
    }

    func run() throws {
        try OutputFile.check(out, option: "--out")
        if let report { try OutputFile.check(report, option: "--report") }
        let shares = try parsedWeights()
        let classifiers = try models.map { try ModelFile.read(URL(fileURLWithPath: $0)) }
        let averaged: PunchClassifier
        do { averaged = try WeightAverage.average(classifiers, weights: shares) } catch let refusal as WeightAverage.Refusal {
            // A refusal that names no model is about the weights (two models or more is checked by validate()).
            throw CLIError((refusal.model.map { "\(models[$0]): " } ?? "--weights \(weights ?? ""): ") + refusal.reason)
        }
        let evaluation = try data.isEmpty ? nil : heldOutEvaluation(averaged)
        try ModelFile.write(averaged, to: URL(fileURLWithPath: out))
        if let report {
            try AverageReport.write(to: URL(fileURLWithPath: report), averaged: averaged, models: models,
                                    evaluation: evaluation, command: CommandLine.arguments)
        }
        let listed = zip(models, shares).map { "\($0) × \(String(format: "%.4g", $1))" }.joined(separator: ", ")
        print("averaged \(models.count) models (\(listed)) → \(out)")
    }

    /// The average scored on the clips of --data whose people every averaged model held out.
    private func heldOutEvaluation(_ averaged: PunchClassifier) throws -> (evaluation: DatasetEvaluation, people: [String]) {
        let heldOut = WeightAverage.heldOutByAll(averaged.header.training.base ?? [])
        var datasets = try DatasetLoading.load(data, quiet: true)
        try FineTuneLabels.read(&datasets, as: averaged.classes)
        let clips = datasets.flatMap(\.clips).filter { heldOut.contains($0.person) }
        guard !clips.isEmpty else {
            throw CLIError("--data \(data.joined(separator: ", ")): none of its people was held out by every model averaged "
                           + "(\(heldOut.isEmpty ? "they share no validation people" : heldOut.sorted().prefix(5).joined(separator: ", ") + "…")); "
                           + "give the data the models were validated on")
        }
        return (DatasetEvaluator.evaluate(averaged, clips: clips), Set(clips.map(\.person)).sorted())
    }

    private func parsedWeights() throws -> [Double] {
        guard let weights else { return Array(repeating: 1 / Double(models.count), count: models.count) }
        let values = weights.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard values.allSatisfy({ $0 != nil }) else { throw CLIError("--weights \(weights): give numbers like 0.5,0.25,0.25") }
        return values.map { $0! }
    }
}
