/// A file's bytes as lines and cells, for the mutations that edit structure rather than bytes.
/// Lines are split at "\n" only, so a "\r" stays in its line; cells at "," (or at " " in a line
/// without commas, such as a skeleton CSV's `# layout=… units=…` line).
struct TextLines {
    var lines: [[UInt8]]
    var endsWithNewline: Bool

    init(_ bytes: [UInt8]) {
        lines = bytes.split(separator: 10, omittingEmptySubsequences: false).map(Array.init)
        endsWithNewline = lines.count > 1 && lines.last!.isEmpty
        if endsWithNewline { lines.removeLast() }
    }

    var bytes: [UInt8] {
        var out = Array(lines.joined(separator: [10]))
        if endsWithNewline { out.append(10) }
        return out
    }

    static func separator(of line: [UInt8]) -> UInt8 { line.contains(44) ? 44 : 32 }

    static func cells(of line: [UInt8]) -> [[UInt8]] {
        line.split(separator: separator(of: line), omittingEmptySubsequences: false).map(Array.init)
    }

    /// Rewrites the cells of line `index` with `edit`, keeping the line's separator.
    mutating func editCells(ofLine index: Int, _ edit: (inout [[UInt8]]) -> Void) {
        let separator = Self.separator(of: lines[index])
        var cells = Self.cells(of: lines[index])
        edit(&cells)
        lines[index] = Array(cells.joined(separator: [separator]))
    }
}
