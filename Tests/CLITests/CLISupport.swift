import Foundation
import Testing

/// The built `punchcoach` executable: beside the test bundle (`swift test`, debug or release), else
/// in `.build/<configuration>/` above this source file.
func punchcoachExecutable(filePath: String = #filePath) -> String? {
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

/// The repository this test file belongs to (fixtures, Weights/).
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// What a run of `punchcoach` printed, and how it ended.
struct CommandResult {
    var status: Int32
    var stdout: String
    var stderr: String

    /// stdout parsed as one JSON object.
    func json() throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8))
        return try #require(object as? [String: Any], "stdout is not one JSON object: \(stdout.prefix(200))")
    }

    /// stderr's lines, without the empty last one.
    var stderrLines: [Substring] { stderr.split(separator: "\n") }
}

/// Runs `punchcoach ARGUMENTS` with `environment` added to (or, for a nil value, removed from)
/// this process's environment; after `timeout` seconds it is killed (and the test sees status 9).
func punchcoach(_ arguments: [String], environment: [String: String?] = [:], timeout: Double = 300) throws -> CommandResult {
    let executable = try #require(punchcoachExecutable(), "the punchcoach executable is not built; run `swift build`")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    for (key, value) in environment { env[key] = value }
    process.environment = env
    // Files, not pipes: nothing can block, and both are complete once it exited.
    let capture = try ScratchDirectory()
    _ = FileManager.default.createFile(atPath: capture.file("out"), contents: nil)
    _ = FileManager.default.createFile(atPath: capture.file("err"), contents: nil)
    let out = try #require(FileHandle(forWritingAtPath: capture.file("out")))
    let err = try #require(FileHandle(forWritingAtPath: capture.file("err")))
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { usleep(10_000) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    try out.close()
    try err.close()
    return CommandResult(
        status: process.terminationStatus,
        stdout: try String(contentsOfFile: capture.file("out"), encoding: .utf8),
        stderr: try String(contentsOfFile: capture.file("err"), encoding: .utf8))
}

/// A fresh directory, removed (immutable files made mutable first) when the test ends.
final class ScratchDirectory {
    let path: String
    private var immutable: [String] = []

    init() throws {
        path = (NSTemporaryDirectory() as NSString).appendingPathComponent("punchcoach-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

    var listing: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }

    /// Unwritable even for root (`chattr +i`), else `chmod 444`; false when neither works.
    func makeReadOnly(_ file: String) -> Bool {
        if geteuid() == 0 {
            guard Self.chattr("+i", file) == 0 else { return false }
            immutable.append(file)
            return access(file, W_OK) != 0
        }
        return chmod(file, 0o444) == 0 && access(file, W_OK) != 0
    }

    private static func chattr(_ flag: String, _ file: String) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
        process.arguments = [flag, file]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }

    deinit {
        for file in immutable { _ = Self.chattr("-i", file) }
        try? FileManager.default.removeItem(atPath: path)
    }
}
