#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// The last termination signal received (SIGINT, SIGTERM, SIGHUP), 0 when none. Written only by
/// the signal handler, read by the coach loop (or `extract`'s): the handler makes no ncurses (or any
/// other) call, it only stores the signal in this lock-free atomic; the loop then ends the workout,
/// restores the terminal and exits.
private let receivedSignal = Atomic<Int32>(0)

private func onTerminationSignal(_ signal: Int32) {
    receivedSignal.store(signal, ordering: .relaxed)
}

public enum TerminationSignals {
    /// Installs the handlers of the coach (SIGINT, SIGTERM, SIGHUP). Call before `initscr`, so that
    /// ncurses keeps them (it installs its own only where a signal still has the default action);
    /// SIGWINCH stays ncurses' (KEY_RESIZE).
    public static func install() {
        handle([SIGINT, SIGTERM, SIGHUP], flags: 0)
    }

    /// Installs the handler of a command that stops cleanly on Ctrl-C (`extract` from a camera): SIGINT
    /// only; the system calls it interrupts resume (as with `signal`), and a second Ctrl-C ends the
    /// process at once, the default way (`SA_RESETHAND`), should the loop be stuck waiting for a frame.
    public static func installInterrupt() {
        handle([SIGINT], flags: SA_RESTART | Int32(bitPattern: UInt32(SA_RESETHAND)))
    }

    private static func handle(_ signals: [Int32], flags: Int32) {
        // Touch the flag first: a global is initialised on first use, which a signal handler must not do.
        _ = receivedSignal.load(ordering: .relaxed)
        for s in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = onTerminationSignal
            sigemptyset(&action.sa_mask)
            action.sa_flags = flags
            sigaction(s, &action, nil)
        }
    }

    /// The signal received, if any.
    public static var received: Int32? {
        let s = receivedSignal.load(ordering: .relaxed)
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
