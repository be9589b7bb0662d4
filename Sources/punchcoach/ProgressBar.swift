import Foundation
import PunchKit

/// A one-line progress bar on stderr (stdout stays clean for --json). On a terminal it redraws in
/// place; otherwise (logs, CI) it prints a line at most every 10 %. Safe to update from several threads.
final class ProgressBar: Sendable {
    let title: String
    private let interactive = isatty(STDERR_FILENO) != 0
    let quiet: Bool
    private struct State {
        var total: Int
        var lastDecile = -1
        var lastDraw = Date.distantPast
    }
    private let state: Locked<State>

    init(_ title: String, total: Int, quiet: Bool = false) {
        self.title = title
        state = Locked(State(total: max(total, 1)))
        self.quiet = quiet
    }

    /// Progress `done` of a total known only now.
    func update(_ done: Int, of total: Int, _ detail: String = "") {
        state.withLock { $0.total = max(total, 1) }
        update(done, detail)
    }

    func update(_ done: Int, _ detail: String = "") {
        guard !quiet else { return }
        state.withLock { state in draw(done, detail, &state) }
    }

    /// Redraws the bar (a terminal) or prints a line at each new tenth (a log); under the lock.
    private func draw(_ done: Int, _ detail: String, _ state: inout State) {
        let total = state.total
        let fraction = min(Double(done) / Double(total), 1)
        if interactive {
            guard Date().timeIntervalSince(state.lastDraw) > 0.1 || done >= total else { return }
            state.lastDraw = Date()
            let width = 28
            let filled = Int(fraction * Double(width))
            let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
            FileHandle.standardError.write(Data("\r\(title) \(bar) \(Int(fraction * 100))% \(detail)\u{1B}[K".utf8))
        } else {
            let decile = Int(fraction * 10)
            guard decile > state.lastDecile else { return }
            state.lastDecile = decile
            Log.info("\(title): \(decile * 10)% \(detail)")
        }
    }

    /// Ends a bar that will not finish (an error follows): the message then starts on its own line.
    func interrupt() {
        guard !quiet, interactive else { return }
        state.withLock { state in
            if state.lastDraw != .distantPast { FileHandle.standardError.write(Data("\n".utf8)) }
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
