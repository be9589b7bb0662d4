import ArgumentParser
import PunchModel

/// `--model FILE`: the classifier a command runs (evaluate, classify, coach, bench, tune-detector).
struct ModelOption: ParsableArguments {
    @Option(help: ArgumentHelp("Model file (default: Weights/punch-classifier.model, or $PUNCHCOACH_MODEL).", valueName: "FILE"))
    var model: String?

    /// The model given, else the default one; a one-line error naming the file when it cannot be read.
    func load() throws -> PunchClassifier { try ModelLocation.load(model) }
}
