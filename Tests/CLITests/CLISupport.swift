import Foundation
import TestSupport
import Testing

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
    return try runProcess(executable, arguments, environment: environment, timeout: timeout)
}

/// Runs `executable ARGUMENTS` (e.g. a `tools/` script) as `punchcoach(_:)` runs the command.
func runProcess(_ executable: String, _ arguments: [String], environment: [String: String?] = [:], timeout: Double = 300) throws -> CommandResult {
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

/// The JSON header of a model file (its second line), as a dictionary.
func modelHeader(_ path: String) throws -> [String: Any] {
    let text = try String(contentsOfFile: path, encoding: .isoLatin1)
    let line = try #require(text.split(separator: "\n").dropFirst().first)
    return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
}

/// `punchcoach synth --out OUT OPTIONS…`, which must succeed: the opening of the tests that need data.
func synthesize(_ out: String, _ options: [String]) throws {
    let r = try punchcoach(["synth", "--out", out] + options)
    #expect(r.status == 0, "synth \(options): \(r.stderr)")
}
