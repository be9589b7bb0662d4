import Foundation
import TestSupport
import GRDB
import Testing

/// The model the coach tests use: the repository's default model, else `$PUNCHCOACH_MODEL`.
let coachModel: String? = {
    let repo = repositoryRoot.appendingPathComponent("Weights/punch-classifier.model").path
    if FileManager.default.fileExists(atPath: repo) { return repo }
    if let env = ProcessInfo.processInfo.environment["PUNCHCOACH_MODEL"], FileManager.default.fileExists(atPath: env) { return env }
    return nil
}()

let hasTmux = FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")

/// Polls `condition` every 50 ms until it holds or `timeout` seconds pass; returns whether it held.
func waitUntil(_ timeout: Double, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if try condition() { return true }
        usleep(50_000)
    }
    return try condition()
}

/// The lines of a coach events log (`--events-log`) of one kind (`punch`, `prompt`, …), split at commas.
func eventsLog(_ path: String, kind: String) -> [[String]] {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").map { $0.split(separator: ",").map(String.init) }.filter { $0.first == kind }
}

/// A tmux server of its own (its own socket), with one window running a shell command.
final class TmuxSession {
    let socket = "punchcoach-test-\(UUID().uuidString.prefix(8))"
    let name = "coach"

    init(width: Int, height: Int, command: String) throws {
        // The server this starts keeps the client's stdout: a pipe would never reach its end.
        try run(["new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)", command], output: false)
    }

    @discardableResult
    func run(_ arguments: [String], output: Bool = true) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/tmux")
        process.arguments = ["-L", socket, "-f", "/dev/null"] + arguments
        guard output else {
            // posix_spawn, not Process: Foundation's Process would wait for the server tmux
            // daemonises (it keeps Process's internal descriptors), i.e. until the test's command ends.
            let argv = ["/usr/bin/tmux"] + process.arguments!
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            for fd in Int32(0)...2 { posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0) }
            defer { posix_spawn_file_actions_destroy(&actions) }
            // Default signal handling and no blocked signals: the test runner's threads block some,
            // and a server inheriting that mask would not end its panes on kill-server.
            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            var none = sigset_t(), all = sigset_t()
            sigemptyset(&none)
            sigfillset(&all)
            posix_spawnattr_setsigmask(&attributes, &none)
            posix_spawnattr_setsigdefault(&attributes, &all)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
            var pid: pid_t = 0
            let cargs = argv.map { strdup($0) } + [nil]
            defer { cargs.forEach { free($0) } }
            guard posix_spawn(&pid, argv[0], &actions, &attributes, cargs, environ) == 0 else {
                throw CocoaError(.executableLoad)
            }
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            return ""
        }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        while process.isRunning { usleep(2_000) }
        return String(decoding: data, as: UTF8.self)
    }

    func capture() -> String { (try? run(["capture-pane", "-p", "-t", name])) ?? "" }
    func send(_ keys: String) throws { try run(["send-keys", "-t", name, keys]) }
    func resize(width: Int, height: Int) throws { try run(["resize-window", "-t", name, "-x", "\(width)", "-y", "\(height)"]) }
    /// Whether the pane is in the alternate screen (a full-screen program is drawing).
    func alternateScreen() -> Bool { ((try? run(["display-message", "-p", "-t", name, "#{alternate_on}"])) ?? "").hasPrefix("1") }
    func panePID() -> Int32? { Int32(((try? run(["display-message", "-p", "-t", name, "#{pane_pid}"])) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)) }

    deinit { _ = try? run(["kill-server"], output: false) }
}

/// The child processes of `pid`.
func children(of pid: Int32) -> [Int32] {
    let path = "/proc/\(pid)/task/\(pid)/children"
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
    return text.split(separator: " ").compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
}

/// A shell command line for tmux: the coach (stdout on the terminal, stderr to a file), then marks
/// the test reads (its exit status, the terminal's settings before and after, `COACH-ENDED`).
func coachShellCommand(_ arguments: [String], dir: ScratchDirectory, model: String) throws -> String {
    let exe = try #require(punchcoachExecutable(), "the punchcoach executable is not built; run `swift build`")
    let quoted = ([exe, "coach"] + arguments + ["--model", model]).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
    let script = """
        stty -a > '\(dir.file("stty-before"))'
        \(quoted.joined(separator: " ")) 2> '\(dir.file("stderr"))'
        echo $? > '\(dir.file("status"))'
        stty -a > '\(dir.file("stty-after"))'
        echo COACH-ENDED
        sleep 60
        """
    try script.write(toFile: dir.file("run.sh"), atomically: true, encoding: .utf8)
    return "env LANG=C.UTF-8 bash '\(dir.file("run.sh"))'"
}

/// Punches stored in the database at `path`: id → label.
func storedPunches(_ path: String) throws -> [Int64: String] {
    var config = Configuration()
    config.readonly = true
    let queue = try DatabaseQueue(path: path, configuration: config)
    defer { try? queue.close() }
    return try queue.read { db in
        var out: [Int64: String] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, label FROM punch") { out[row["id"]] = row["label"] }
        return out
    }
}
