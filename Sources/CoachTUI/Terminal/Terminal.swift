import CNcurses
import Foundation

/// A key the coach reacts to.
public enum Key: Equatable, Sendable {
    case char(Character)
    case escape
    case enter
    case resize
    case other
}

/// The ncurses terminal: started once, drawn from a `ScreenBuffer`, always restored (`stop()` is
/// idempotent and is called on every exit path: quit, end of workout, errors, signals).
///
/// Setup: `setlocale(LC_ALL, "")`, `initscr`, `cbreak`, `noecho`, `keypad`, non-blocking `getch`
/// with a short timeout, no cursor, colours when the terminal has them. Without a UTF-8 locale the
/// screen is drawn in ASCII.
public final class Terminal {
    public private(set) var width: Int = 0
    public private(set) var height: Int = 0
    public let hasColours: Bool
    public let unicode: Bool
    private var stopped = false
    private var pairs: [Palette: Int32] = [:]

    /// Throws a one-line error when stdin or stdout is not a terminal.
    public static func requireTTY() throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw CoachError("the coach needs a terminal (stdin and stdout must be a tty); run it in a terminal, or add --headless")
        }
    }

    /// Starts ncurses. Throws a one-line error when stdin or stdout is not a terminal.
    public static func start() throws -> Terminal {
        try requireTTY()
        setlocale(LC_ALL, "")
        // Short ESC delay: the escape key closes overlays at once.
        setenv("ESCDELAY", "25", 0)
        guard initscr() != nil else { throw CoachError("cannot start the terminal screen (ncurses initscr failed; check TERM)") }
        return Terminal()
    }

    private init() {
        cbreak()
        noecho()
        keypad(pc_stdscr(), true)
        nodelay(pc_stdscr(), false)
        curs_set(0)
        unicode = pc_is_utf8() != 0
        var colours = false
        if has_colors() {
            start_color()
            use_default_colors()
            colours = true
        }
        hasColours = colours
        if colours { definePairs() }
        updateSize()
    }

    private func definePairs() {
        let rich = pc_colors() >= 256
        let fg: [Palette: Int16] = [
            .title: Int16(COLOR_BLACK), .left: rich ? 45 : Int16(COLOR_CYAN), .right: rich ? 208 : Int16(COLOR_MAGENTA),
            .good: rich ? 78 : Int16(COLOR_GREEN), .bad: rich ? 203 : Int16(COLOR_RED), .warn: rich ? 220 : Int16(COLOR_YELLOW),
            .accent: rich ? 231 : Int16(COLOR_WHITE), .dim: rich ? 244 : Int16(COLOR_BLUE), .rest: rich ? 75 : Int16(COLOR_BLUE),
            .record: rich ? 196 : Int16(COLOR_RED), .bar: rich ? 114 : Int16(COLOR_GREEN), .centre: rich ? 252 : Int16(COLOR_WHITE),
        ]
        for p in Palette.allCases where p != .normal {
            let bg: Int16 = p == .title ? (rich ? 45 : Int16(COLOR_CYAN)) : -1
            init_pair(Int16(p.rawValue), fg[p] ?? -1, bg)
            pairs[p] = Int32(p.rawValue)
        }
    }

    public func updateSize() {
        width = Int(getmaxx(pc_stdscr()))
        height = Int(getmaxy(pc_stdscr()))
    }

    /// Shows `buffer` (the whole screen).
    public func show(_ buffer: ScreenBuffer) {
        guard !stopped else { return }
        let h = min(buffer.height, height), w = min(buffer.width, width)
        for y in 0..<h {
            var x = 0
            while x < w {
                let style = buffer.style(x: x, y: y)
                var run = ""
                let start = x
                while x < w && buffer.style(x: x, y: y) == style {
                    // The bottom-right cell would scroll some terminals: leave it.
                    if y == height - 1 && x == width - 1 { break }
                    run.append(unicode ? buffer[x, y] : Self.ascii(buffer[x, y]))
                    x += 1
                }
                if y == height - 1 && x == width - 1 { x += 1 }
                attrset(attributes(style))
                _ = mvaddstr(Int32(y), Int32(start), run)
            }
        }
        attrset(0)
        refresh()
    }

    private func attributes(_ s: Style) -> Int32 {
        var a: Int32 = 0
        if hasColours, let p = pairs[s.colour] { a |= pc_color_pair(p) }
        if s.bold { a |= pc_attr_bold() }
        if s.dim && !hasColours { a |= pc_attr_dim() }
        if s.reverse || (!hasColours && s.colour == .title) { a |= pc_attr_reverse() }
        return a
    }

    /// The next key, waiting at most `timeoutMs` milliseconds (nil: none).
    public func readKey(timeoutMs: Int) -> Key? {
        guard !stopped else { return nil }
        timeout(Int32(max(0, timeoutMs)))
        let c = getch()
        if c == pc_err() { return nil }
        if c == pc_key_resize() {
            updateSize()
            // Repaint everything: the bottom-right cell, never drawn, must not keep old content.
            clear()
            return .resize
        }
        switch c {
        case 27: return .escape
        case 10, 13, KEY_ENTER: return .enter
        case 32...126: return .char(Character(UnicodeScalar(UInt8(c))))
        default: return .other
        }
    }

    /// Restores the terminal. Safe to call more than once.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        curs_set(1)
        endwin()
    }

    deinit { stop() }

    /// An ASCII stand-in for a character outside ASCII (no UTF-8 locale).
    static func ascii(_ c: Character) -> Character {
        if c.isASCII { return c }
        guard let s = c.unicodeScalars.first?.value else { return "?" }
        switch s {
        case 0x2500, 0x2501, 0x2504: return "-"
        case 0x2502, 0x2503: return "|"
        case 0x2500...0x257F: return "+"
        case 0x2580...0x259F: return "#"
        case 0x2800: return " "
        case 0x2801...0x28FF: return "."
        case 0x2013, 0x2014: return "-"
        case 0x2713: return "v"
        case 0x2717: return "x"
        case 0x25CF, 0x2022, 0x00B7: return "*"
        case 0x00D7: return "x"
        default: return "?"
        }
    }
}
