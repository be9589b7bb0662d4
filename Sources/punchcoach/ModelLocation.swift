import Foundation
import PunchModel

/// Where the default model lives: `Weights/punch-classifier.model` of the repository the binary was
/// built in (found by walking up from the executable), or `$PUNCHCOACH_MODEL`.
enum ModelLocation {
    static let fileName = "punch-classifier.model"

    static var defaultURL: URL? {
        if let env = ProcessInfo.processInfo.environment["PUNCHCOACH_MODEL"] { return URL(fileURLWithPath: env) }
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            let candidate = dir.appendingPathComponent("Weights").appendingPathComponent(fileName)
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Weights/\(fileName)")
        return FileManager.default.fileExists(atPath: cwd.path) ? cwd : nil
    }

    /// The model at `path`, or the default one; throws a one-line error naming the file.
    static func load(_ path: String?) throws -> PunchClassifier {
        if let path { return try ModelFile.read(URL(fileURLWithPath: path)) }
        guard let url = defaultURL else {
            throw CLIError("no model: Weights/\(fileName) was not found; pass --model FILE or train one with `punchcoach train`")
        }
        return try ModelFile.read(url)
    }

    static func loadOrFresh(_ path: String?) throws -> PunchClassifier {
        if path != nil || defaultURL != nil { return try load(path) }
        return PunchClassifier(classes: ClassOrder.standard, background: ClassOrder.standardBackground, lookahead: TrainingConfiguration().lookahead, seed: 1)
    }
}
