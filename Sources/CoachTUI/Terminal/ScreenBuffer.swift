/// Colours of the coach (ncurses colour pairs 1…; `.normal` is the terminal's own).
public enum Palette: Int, CaseIterable, Sendable {
    case normal = 0
    case title, left, right, good, bad, warn, accent, dim, rest, record, bar, centre
}

/// How a cell is drawn.
public struct Style: Equatable, Sendable {
    public var colour: Palette
    public var bold: Bool
    public var dim: Bool
    public var reverse: Bool

    public init(_ colour: Palette = .normal, bold: Bool = false, dim: Bool = false, reverse: Bool = false) {
        self.colour = colour
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
    }

    public static let plain = Style()
}

/// A rectangle of the screen, in cells.
public struct Rect: Equatable, Sendable {
    public var x, y, width, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The rectangle inside a one-cell border.
    public var inner: Rect { Rect(x: x + 1, y: y + 1, width: width - 2, height: height - 2) }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
}

/// The screen as a grid of characters with styles: every screen is drawn into one, then the
/// terminal shows it (ncurses), or a test reads it as text. Drawing outside the grid is clipped.
public struct ScreenBuffer: Sendable {
    public let width: Int
    public let height: Int
    public private(set) var chars: [Character]
    public private(set) var styles: [Style]

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        chars = Array(repeating: " ", count: self.width * self.height)
        styles = Array(repeating: .plain, count: self.width * self.height)
    }

    public subscript(x: Int, y: Int) -> Character {
        get { chars[y * width + x] }
    }

    public func style(x: Int, y: Int) -> Style { styles[y * width + x] }

    public mutating func put(_ c: Character, x: Int, y: Int, _ style: Style = .plain) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        chars[y * width + x] = c
        styles[y * width + x] = style
    }

    /// Writes `text` from (x, y), clipped to `maxWidth` cells (and the screen); returns the cells used.
    @discardableResult
    public mutating func text(_ text: String, x: Int, y: Int, _ style: Style = .plain, maxWidth: Int? = nil) -> Int {
        var cx = x
        let limit = maxWidth.map { x + $0 } ?? width
        for c in text {
            if cx >= limit { break }
            put(c, x: cx, y: y, style)
            cx += 1
        }
        return cx - x
    }

    /// `text` centred in `rect`'s width on row `y`.
    public mutating func centred(_ text: String, in rect: Rect, y: Int, _ style: Style = .plain) {
        let n = text.count
        let x = rect.x + max(0, (rect.width - n) / 2)
        self.text(text, x: x, y: y, style, maxWidth: rect.width)
    }

    public mutating func fill(_ rect: Rect, _ c: Character = " ", _ style: Style = .plain) {
        for y in rect.y..<rect.maxY { for x in rect.x..<rect.maxX { put(c, x: x, y: y, style) } }
    }

    /// A rounded box with a title in its top edge.
    public mutating func box(_ rect: Rect, title: String? = nil, _ style: Style = Style(.dim), titleStyle: Style = Style(.accent, bold: true)) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        for x in (rect.x + 1)..<(rect.maxX - 1) {
            put("─", x: x, y: rect.y, style)
            put("─", x: x, y: rect.maxY - 1, style)
        }
        for y in (rect.y + 1)..<(rect.maxY - 1) {
            put("│", x: rect.x, y: y, style)
            put("│", x: rect.maxX - 1, y: y, style)
        }
        put("╭", x: rect.x, y: rect.y, style)
        put("╮", x: rect.maxX - 1, y: rect.y, style)
        put("╰", x: rect.x, y: rect.maxY - 1, style)
        put("╯", x: rect.maxX - 1, y: rect.maxY - 1, style)
        if let title, rect.width > 6 {
            text(" \(title) ", x: rect.x + 2, y: rect.y, titleStyle, maxWidth: rect.width - 4)
        }
    }

    /// The rows as plain text (tests, headless output).
    public var lines: [String] {
        (0..<height).map { y in String(chars[(y * width)..<((y + 1) * width)]) }
    }

    public var text: String { lines.joined(separator: "\n") }
}
