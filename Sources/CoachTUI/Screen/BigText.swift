/// Big letters for callouts and timers: a 3 × 5 pixel font drawn with half blocks (3 rows of
/// characters a line) or, at scale 2, full blocks (5 rows, twice as wide).
public enum BigText {
    static let glyphs: [Character: [String]] = [
        "A": [" # ", "# #", "###", "# #", "# #"], "B": ["## ", "# #", "## ", "# #", "## "],
        "C": [" ##", "#  ", "#  ", "#  ", " ##"], "D": ["## ", "# #", "# #", "# #", "## "],
        "E": ["###", "#  ", "## ", "#  ", "###"], "F": ["###", "#  ", "## ", "#  ", "#  "],
        "G": [" ##", "#  ", "# #", "# #", " ##"], "H": ["# #", "# #", "###", "# #", "# #"],
        "I": ["###", " # ", " # ", " # ", "###"], "J": ["  #", "  #", "  #", "# #", " # "],
        "K": ["# #", "# #", "## ", "# #", "# #"], "L": ["#  ", "#  ", "#  ", "#  ", "###"],
        "M": ["# #", "###", "###", "# #", "# #"], "N": ["## ", "# #", "# #", "# #", "# #"],
        "O": [" # ", "# #", "# #", "# #", " # "], "P": ["## ", "# #", "## ", "#  ", "#  "],
        "Q": [" # ", "# #", "# #", "## ", " ##"], "R": ["## ", "# #", "## ", "# #", "# #"],
        "S": [" ##", "#  ", " # ", "  #", "## "], "T": ["###", " # ", " # ", " # ", " # "],
        "U": ["# #", "# #", "# #", "# #", "###"], "V": ["# #", "# #", "# #", "# #", " # "],
        "W": ["# #", "# #", "###", "###", "# #"], "X": ["# #", "# #", " # ", "# #", "# #"],
        "Y": ["# #", "# #", " # ", " # ", " # "], "Z": ["###", "  #", " # ", "#  ", "###"],
        "0": ["###", "# #", "# #", "# #", "###"], "1": [" # ", "## ", " # ", " # ", "###"],
        "2": ["## ", "  #", " # ", "#  ", "###"], "3": ["## ", "  #", " # ", "  #", "## "],
        "4": ["# #", "# #", "###", "  #", "  #"], "5": ["###", "#  ", "## ", "  #", "## "],
        "6": [" ##", "#  ", "###", "# #", "###"], "7": ["###", "  #", " # ", " # ", " # "],
        "8": ["###", "# #", "###", "# #", "###"], "9": ["###", "# #", "###", "  #", "## "],
        ":": [" ", "#", " ", "#", " "], "·": [" ", " ", "#", " ", " "], ".": [" ", " ", " ", " ", "#"],
        "–": ["  ", "  ", "##", "  ", "  "], "-": ["  ", "  ", "##", "  ", "  "], "!": ["#", "#", "#", " ", "#"],
        "?": ["## ", "  #", " # ", "   ", " # "], "/": ["  #", "  #", " # ", "#  ", "#  "], " ": [" ", " ", " ", " ", " "],
        "✓": ["   ", "  #", "  #", "# #", " # "], "●": ["   ", " # ", "###", " # ", "   "],
    ]

    static func glyph(_ c: Character) -> [String] {
        glyphs[Character(c.uppercased())] ?? glyphs["?"]!
    }

    /// Width in cells of `text` at `scale` (1 or 2).
    public static func width(_ text: String, scale: Int = 1) -> Int {
        guard !text.isEmpty else { return 0 }
        return text.reduce(0) { $0 + glyph($1)[0].count * scale } + (text.count - 1) * scale
    }

    /// Draws `text` with its top-left at (x, y).
    public static func draw(_ text: String, into buffer: inout ScreenBuffer, x: Int, y: Int, scale: Int = 1, _ style: Style) {
        var cx = x
        for c in text {
            let g = glyph(c)
            let w = g[0].count
            let px = g.map { Array($0) }
            if scale == 1 {
                for row in 0..<3 {
                    for col in 0..<w {
                        let top = px[2 * row][col] == "#"
                        let bottom = 2 * row + 1 < 5 && px[2 * row + 1][col] == "#"
                        let ch: Character = top && bottom ? "█" : top ? "▀" : bottom ? "▄" : " "
                        if ch != " " { buffer.put(ch, x: cx + col, y: y + row, style) }
                    }
                }
            } else {
                for row in 0..<5 {
                    for col in 0..<w where px[row][col] == "#" {
                        buffer.put("█", x: cx + 2 * col, y: y + row, style)
                        buffer.put("█", x: cx + 2 * col + 1, y: y + row, style)
                    }
                }
            }
            cx += (w + 1) * scale
        }
    }
}
