import PunchKit

extension Mutator {
    /// The structural operations: on lines, cells and line ends.
    func applyToLines(_ operation: Operation, _ text: inout TextLines, _ rng: inout SeededRandom) -> String {
        let n = text.lines.count
        let line = rng.int(0...(n - 1))
        switch operation {
        case .deleteLine:
            text.lines.remove(at: line)
        case .duplicateLine:
            text.lines.insert(text.lines[line], at: rng.int(0...n))
        case .swapLines:
            text.lines.swapAt(line, rng.int(0...(n - 1)))
        case .blankLine:
            text.lines.insert([], at: rng.int(0...n))
        case .swapCells, .deleteCell, .duplicateCell, .replaceCell:
            return " line \(line + 1)" + editCell(operation, line: line, &text, &rng)
        case .editHeader:  // the first lines: a skeleton CSV's comment line and header, a CSV's header
            let header = rng.int(0...min(1, n - 1))
            let edit = rng.pick([Operation.swapCells, .deleteCell, .duplicateCell, .replaceCell])
            return " line \(header + 1) \(edit.rawValue)" + editCell(edit, line: header, &text, &rng)
        case .replaceNumber:
            return replaceNumber(in: &text, &rng)
        case .crlf:
            text.lines = text.lines.map { $0 + [13] }
            return ""
        case .loneCR:
            text.lines[line].insert(13, at: rng.int(0...text.lines[line].count))
        case .longLine:
            // 16–64 KB: far longer than any line of a valid file, short enough to keep a case fast.
            let cell = Array((HostileText.randomCell(&rng) + ",").utf8)
            let repeats = rng.int(16_384...65_536) / max(cell.count, 1)
            text.lines[line] += Array([[UInt8]](repeating: cell, count: repeats).joined())
            return " line \(line + 1) × \(repeats)"
        case .dropFinalNewline:
            text.endsWithNewline = false
            return ""
        default:
            return ""
        }
        return " line \(line + 1)"
    }

    private func editCell(_ operation: Operation, line: Int, _ text: inout TextLines, _ rng: inout SeededRandom) -> String {
        var detail = ""
        text.editCells(ofLine: line) { cells in
            let c = rng.int(0...(cells.count - 1))
            switch operation {
            case .swapCells:
                let d = rng.int(0...(cells.count - 1))
                cells.swapAt(c, d)
                detail = " cells \(c + 1)↔\(d + 1)"
            case .deleteCell:
                cells.remove(at: c)
                detail = " cell \(c + 1)"
            case .duplicateCell:
                cells.insert(cells[c], at: c)
                detail = " cell \(c + 1)"
            default:
                let value = HostileText.randomCell(&rng)
                cells[c] = Array(value.utf8)
                detail = " cell \(c + 1) → \(visible(value))"
            }
        }
        return detail
    }

    /// Replaces one run of digits (a number, a count, a layer size) by a hostile cell value.
    private func replaceNumber(in text: inout TextLines, _ rng: inout SeededRandom) -> String {
        var bytes = text.bytes
        let digits = bytes.indices.filter { (48...57).contains(bytes[$0]) && ($0 == 0 || !(48...57).contains(bytes[$0 - 1])) }
        guard let start = digits.isEmpty ? nil : rng.pick(digits) else { return " (no number)" }
        var end = start
        while end < bytes.count && (48...57).contains(bytes[end]) { end += 1 }
        let value = HostileText.randomCell(&rng)
        bytes.replaceSubrange(start..<end, with: Array(value.utf8))
        text = TextLines(bytes)
        return " at \(start) → \(visible(value))"
    }
}
