import Foundation
import GRDB
import Testing

@testable import CoachStore

/// A fresh directory under the system's temporary directory, removed (with anything made
/// immutable inside made mutable again) when the test ends.
final class TemporaryDirectory {
    let path: String
    private var immutable: [String] = []

    init() throws {
        path = (NSTemporaryDirectory() as NSString).appendingPathComponent("coachstore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

    /// Makes `file` unwritable even for root: `chattr +i` as root, `chmod 444` otherwise. False when
    /// neither works here (the test then says so and skips that part).
    func makeReadOnly(_ file: String) -> Bool {
        if geteuid() == 0 {
            guard run("/usr/bin/chattr", ["+i", file]) == 0 else { return false }
            immutable.append(file)
            return access(file, W_OK) != 0
        }
        return chmod(file, 0o444) == 0 && access(file, W_OK) != 0
    }

    deinit {
        for file in immutable { _ = run("/usr/bin/chattr", ["-i", file]) }
        try? FileManager.default.removeItem(atPath: path)
    }
}

@discardableResult
func run(_ executable: String, _ arguments: [String]) -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return -1 }
    process.waitUntilExit()
    return process.terminationStatus
}

/// The bytes of a file, to show that a refused database was left untouched.
func contents(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

/// Files in a directory, sorted.
func listing(_ directory: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
}

/// A raw GRDB connection to a file, for building fixtures the store would refuse to write.
func rawQueue(_ path: String) throws -> DatabaseQueue {
    try DatabaseQueue(path: path)
}

/// A database at `path` with this build's schema and one session with two punches, closed.
func makeCurrentDatabase(_ path: String) throws {
    let store = try HistoryStore.openForWriting(at: path)
    let session = try store.beginSession(WorkoutSession(mode: "free", source: "test"))
    for label in ["jab", "cross"] {
        try store.addPunch(Punch(sessionId: session.id!, label: label, hand: "lead", start: 1, end: 1.3, confidence: 0.9))
    }
    try store.close()
}

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
