import CoachStore
import Foundation

/// The coach loop: one thread drives everything — frames due by the session clock go through the
/// detector and the mode into the store and the view model (`CoachSession.step`), the screen is
/// drawn from the view model (about 30 times a second), and keys are read with a short timeout
/// that doubles as the loop's sleep until the next frame is due. A real-time source (a camera) is
/// read on its own thread (`PacedFeed`).
///
/// Exits: `q`; the end of the workout (the summary waits for a key; with `exitWhenDone` it does
/// not); SIGINT/SIGTERM/SIGHUP (the handlers only set a flag this loop reads); an error. On every
/// path the terminal is restored before anything is printed, and the store is closed after.
public final class CoachApp {
    public enum Ending: Equatable, Sendable {
        case quit
        case finished
        case signal(Int32)
    }

    public struct Options: Sendable {
        /// Exit as soon as the workout ends (no summary screen to dismiss): tests, `--seconds`.
        public var exitWhenDone = false
        /// Frames a second of the screen.
        public var screenFPS = 30.0
        public init(exitWhenDone: Bool = false) { self.exitWhenDone = exitWhenDone }
    }

    enum Screen { case coach, summary, history }

    public let session: CoachSession
    public let clock: SessionClock
    let options: Options
    private let screen = CoachScreen()
    private var current = Screen.coach
    private var help = false
    private var paused = false
    private var historyData: HistoryScreen.Data?
    private var drawTimes: [Double] = []

    public init(session: CoachSession, clock: SessionClock, options: Options = Options()) {
        self.session = session
        self.clock = clock
        self.options = options
    }

    /// Runs the coach in the terminal until it ends. The terminal is restored when this returns or throws.
    public func run(terminal: Terminal) throws -> Ending {
        defer { terminal.stop() }
        var lastDraw = -1.0
        while true {
            if let s = TerminationSignals.received { return .signal(s) }
            let small = !ScreenLayout.fits(width: terminal.width, height: terminal.height)
            if paused || small || current == .history { clock.hold() } else { clock.resume() }
            if !clock.isHeld && !session.isFinished {
                try session.step(now: clock.now)
            }
            if session.isFinished && current == .coach {
                if options.exitWhenDone { draw(terminal); return .finished }
                current = .summary
                help = false
            }
            let wall = SessionClock.monotonic()
            if wall - lastDraw >= 1 / options.screenFPS {
                draw(terminal)
                lastDraw = wall
            }
            // Sleep until the next frame is due or the next screen refresh, reading keys meanwhile.
            var wait = 1 / options.screenFPS - (SessionClock.monotonic() - lastDraw)
            if let next = session.feed.nextTime, !clock.isHeld { wait = min(wait, clock.wallSeconds(until: next)) }
            let key = terminal.readKey(timeoutMs: Int((max(0, wait) * 1000).rounded(.up)))
            if let key, let ending = handle(key) { return ending }
        }
    }

    /// Handles a key; returns an ending when the key ends the coach.
    func handle(_ key: Key) -> Ending? {
        if help && key != .resize {
            help = false
            return nil
        }
        switch key {
        case .char("q"), .char("Q"):
            return session.isFinished ? .finished : .quit
        case .char("?"):
            if current == .coach { help = true }
        case .char("h"), .char("H"):
            if current == .history {
                current = session.isFinished ? .summary : .coach
            } else {
                historyData = HistoryScreen.load(session.recorder.store)
                current = .history
            }
        case .escape:
            if current == .history { current = session.isFinished ? .summary : .coach }
        case .char(" "):
            if current == .coach && !session.isFinished { paused.toggle() }
        case .char("s"), .char("S"):
            if current == .coach && !session.isFinished { try? session.switchStance() }
        case .char("e"), .char("E"):
            if current == .coach && !session.isFinished { session.finish(now: clock.now) }
        default:
            break
        }
        return nil
    }

    private func draw(_ terminal: Terminal) {
        let now = SessionClock.monotonic()
        drawTimes.append(now)
        drawTimes.removeAll { $0 < now - 1 }
        var vm = session.view
        vm.timeScale = clock.timeScale
        vm.paused = paused
        let b: ScreenBuffer
        switch current {
        case .coach:
            b = screen.render(vm, width: terminal.width, height: terminal.height, loopFPS: Double(drawTimes.count), help: help)
        case .summary:
            b = vm.summary.map { SummaryScreen.render($0, width: terminal.width, height: terminal.height) }
                ?? screen.render(vm, width: terminal.width, height: terminal.height)
        case .history:
            b = HistoryScreen.render(historyData ?? HistoryScreen.load(nil), width: terminal.width, height: terminal.height)
        }
        terminal.show(b)
    }

    /// Runs without a terminal (`--headless`): the same session loop, one line a punch on stdout.
    public func runHeadless(print line: (String) -> Void) throws -> Ending {
        var shown = 0
        while true {
            if let s = TerminationSignals.received { return .signal(s) }
            try session.step(now: clock.now)
            let recent = session.view.recent
            let new = session.view.tally.total - shown
            if new > 0 {
                for p in recent.prefix(new).reversed() {
                    line(String(format: "%8.2f  %-5@ %-10@ %5.2f %@  conf %3.0f%%  latency %3.0f ms%@",
                                p.start, p.hand.rawValue as NSString, p.label as NSString, p.speed,
                                (p.speedInMetres ? "m/s" : "t/s") as NSString, p.confidence * 100, p.latencyMs,
                                (p.note.map { "  " + $0 } ?? "") as NSString))
                }
                shown += new
            }
            if session.isFinished { return .finished }
            var wait = 0.02
            if let next = session.feed.nextTime { wait = min(wait, clock.wallSeconds(until: next)) }
            if wait > 0 { usleep(UInt32(wait * 1_000_000)) }
        }
    }
}
