import Foundation
import PunchKit
import PunchModel

/// Where the default model lives: `Weights/punch-classifier.model` of the repository the binary was
/// built in (found by walking up from the executable), or `$PUNCHCOACH_MODEL`.
enum ModelLocation {
    static let fileName = "punch-classifier.model"

    static var defaultURL: URL? {
        if let env = ProcessInfo.processInfo.environment["PUNCHCOACH_MODEL"] { return URL(fileURLWithPath: env) }
        return RepositoryFile.locate("Weights/\(fileName)")
    }

    /// The model at `path`, or the default one; throws a one-line error naming the file.
    static func load(_ path: String?) throws -> PunchClassifier {
        guard let classifier = try loadIfPresent(path) else {
            throw CLIError("no model: Weights/\(fileName) was not found; pass --model FILE or train one with `punchcoach train`")
        }
        return classifier
    }

    /// The model at `path`, or the default one, or an untrained one when there is no default.
    static func loadOrFresh(_ path: String?) throws -> PunchClassifier {
        try loadIfPresent(path) ?? PunchClassifier(classes: PunchLabel.allCases.map(\.rawValue), background: PunchLabel.background.map(\.rawValue),
                                                   lookahead: TrainingConfiguration().lookahead, seed: 1)
    }

    /// The model at `path`, else the default one; nil when no path is given and there is no default.
    private static func loadIfPresent(_ path: String?) throws -> PunchClassifier? {
        guard let url = path.map({ URL(fileURLWithPath: $0) }) ?? defaultURL else { return nil }
        return try ModelFile.read(url)
    }
}
