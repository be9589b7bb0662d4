import Foundation

/// The built `punchcoach` executable: beside the test bundle (`swift test`, debug or release), else
/// in `.build/<configuration>/` above the calling source file.
public func punchcoachExecutable(filePath: String = #filePath) -> String? {
    var candidates: [String] = []
    if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
        candidates.append(((exe as NSString).deletingLastPathComponent as NSString).appendingPathComponent("punchcoach"))
    }
    #if DEBUG
        let configuration = "debug"
    #else
        let configuration = "release"
    #endif
    var directory = (filePath as NSString).deletingLastPathComponent
    while directory != "/" && !directory.isEmpty {
        candidates.append("\(directory)/.build/\(configuration)/punchcoach")
        directory = (directory as NSString).deletingLastPathComponent
    }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
}
