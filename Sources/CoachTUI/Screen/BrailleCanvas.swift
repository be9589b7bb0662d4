/// A canvas of braille dots (2 × 4 a character cell) for drawing lines in the terminal at eight
/// times the resolution of characters; each cell keeps the colour of its last dot.
public struct BrailleCanvas: Sendable {
    public let columns: Int
    public let rows: Int
    public var dotWidth: Int { columns * 2 }
    public var dotHeight: Int { rows * 4 }
    private var bits: [UInt8]
    private var colours: [Palette]

    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        bits = Array(repeating: 0, count: self.columns * self.rows)
        colours = Array(repeating: .normal, count: self.columns * self.rows)
    }

    private static let bit: [[UInt8]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]

    public mutating func dot(_ x: Int, _ y: Int, _ colour: Palette) {
        guard x >= 0, y >= 0, x < dotWidth, y < dotHeight else { return }
        let i = (y / 4) * columns + x / 2
        bits[i] |= Self.bit[x % 2][y % 4]
        colours[i] = colour
    }

    /// A line between two dots (Bresenham).
    public mutating func line(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, _ colour: Palette) {
        var x = x0, y = y0
        let dx = abs(x1 - x0), dy = -abs(y1 - y0)
        let sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1
        var err = dx + dy
        var guardSteps = 0
        while guardSteps < 10_000 {
            guardSteps += 1
            dot(x, y, colour)
            if x == x1 && y == y1 { break }
            let e2 = 2 * err
            if e2 >= dy { err += dy; x += sx }
            if e2 <= dx { err += dx; y += sy }
        }
    }

    public mutating func line(_ a: (Double, Double), _ b: (Double, Double), _ colour: Palette) {
        line(Int(a.0.rounded()), Int(a.1.rounded()), Int(b.0.rounded()), Int(b.1.rounded()), colour)
    }

    /// A filled disc of radius `r` dots.
    public mutating func disc(_ cx: Double, _ cy: Double, radius r: Double, _ colour: Palette) {
        let ri = Int(r.rounded(.up))
        for dy in -ri...ri { for dx in -ri...ri where Double(dx * dx + dy * dy) <= r * r + 0.5 {
            dot(Int(cx.rounded()) + dx, Int(cy.rounded()) + dy, colour)
        } }
    }

    /// A circle outline of radius `r` dots.
    public mutating func circle(_ cx: Double, _ cy: Double, radius r: Double, _ colour: Palette) {
        let steps = max(12, Int(r * 8))
        var last: (Double, Double)?
        for k in 0...steps {
            let a = Double(k) / Double(steps) * 2 * Double.pi
            let p = (cx + r * cos(a), cy + r * sin(a))
            if let l = last { line(l, p, colour) }
            last = p
        }
    }

    /// Draws the dots into `buffer` at (x, y); empty cells are left as they are.
    public func draw(into buffer: inout ScreenBuffer, x: Int, y: Int, bold: Bool = false) {
        for r in 0..<rows {
            for c in 0..<columns {
                let b = bits[r * columns + c]
                guard b != 0, let scalar = UnicodeScalar(0x2800 + UInt32(b)) else { continue }
                buffer.put(Character(scalar), x: x + c, y: y + r, Style(colours[r * columns + c], bold: bold))
            }
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif
