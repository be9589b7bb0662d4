import Foundation

/// A one-line progress bar on stderr (stdout stays clean for --json). On a terminal it redraws in
/// place; otherwise (logs, CI) it prints a line at most every 10 %. Safe to update from several threads.
final class ProgressBar: @unchecked Sendable {
    let title: String
    private(set) var total: Int
    private let lock = NSLock()
    private let interactive = isatty(STDERR_FILENO) != 0
    private var lastDecile = -1
    private var lastDraw = Date.distantPast
    let quiet: Bool

    init(_ title: String, total: Int, quiet: Bool = false) {
        self.title = title
        self.total = max(total, 1)
        self.quiet = quiet
    }

    /// Progress `done` of a total known only now.
    func update(_ done: Int, of total: Int, _ detail: String = "") {
        lock.lock()
        self.total = max(total, 1)
        lock.unlock()
        update(done, detail)
    }

    func update(_ done: Int, _ detail: String = "") {
        guard !quiet else { return }
        lock.lock()
        defer { lock.unlock() }
        let fraction = min(Double(done) / Double(total), 1)
        if interactive {
            guard Date().timeIntervalSince(lastDraw) > 0.1 || done >= total else { return }
            lastDraw = Date()
            let width = 28
            let filled = Int(fraction * Double(width))
            let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
            FileHandle.standardError.write(Data("\r\(title) \(bar) \(Int(fraction * 100))% \(detail)\u{1B}[K".utf8))
        } else {
            let decile = Int(fraction * 10)
            guard decile > lastDecile else { return }
            lastDecile = decile
            Log.info("\(title): \(decile * 10)% \(detail)")
        }
    }

    func finish(_ detail: String = "") {
        guard !quiet else { return }
        if interactive { FileHandle.standardError.write(Data("\r\(title) done \(detail)\u{1B}[K\n".utf8)) } else { Log.info("\(title): done \(detail)") }
    }
}

/// Messages for the user on stderr.
enum Log {
    static func info(_ s: String) { FileHandle.standardError.write(Data((s + "\n").utf8)) }
}
