import Foundation

/// Files the repository ships (`Weights/…`), found from wherever the executable was built: walking up
/// from the executable (a build lives in `.build/<configuration>/` of its checkout), then in the
/// current folder.
public enum RepositoryFile {
    /// The first existing `relativePath` in the executable's folder or up to six folders above it,
    /// else in the current folder; nil when none has it.
    public static func locate(_ relativePath: String) -> URL? {
        var candidates: [URL] = []
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<7 {
            candidates.append(dir.appendingPathComponent(relativePath))
            dir = dir.deletingLastPathComponent()
        }
        candidates.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(relativePath))
        return candidates.first { FileManager.default.fileExists(atPath: $0.path) }
    }
}
