#if canImport(Glibc)
import Glibc
#endif

/// The last termination signal received (SIGINT, SIGTERM, SIGHUP), 0 when none. Written only by
/// the signal handler, read by the coach loop: the handler makes no ncurses (or any other) call,
/// it only sets this flag; the loop then ends the workout, restores the terminal and exits.
nonisolated(unsafe) private var receivedSignal: sig_atomic_t = 0

private func onTerminationSignal(_ signal: Int32) {
    receivedSignal = signal
}

public enum TerminationSignals {
    /// Installs the handlers. Call before `initscr`, so that ncurses keeps them (it installs its own
    /// only where a signal still has the default action); SIGWINCH stays ncurses' (KEY_RESIZE).
    public static func install() {
        for s in [SIGINT, SIGTERM, SIGHUP] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = onTerminationSignal
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(s, &action, nil)
        }
    }

    /// The signal received, if any.
    public static var received: Int32? {
        let s = receivedSignal
        return s == 0 ? nil : s
    }

    public static func name(_ s: Int32) -> String {
        switch s {
        case SIGINT: return "SIGINT"
        case SIGTERM: return "SIGTERM"
        case SIGHUP: return "SIGHUP"
        default: return "signal \(s)"
        }
    }
}
