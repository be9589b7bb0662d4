import PunchKit

/// Damages a valid input the way files get damaged: by bytes (bit flips, truncation, stray and invalid
/// UTF-8) and by structure (lines deleted, duplicated or swapped, cells swapped or replaced by hostile
/// values, header edits, CRLF, very long lines). Every choice comes from the caller's seeded
/// generator, so a case is reproducible from its seed; `steps` says what was done.
public struct Mutator: Sendable {
    public enum Operation: String, CaseIterable, Sendable {
        // Bytes: for any file.
        case flipBits, randomBytes, truncate, deleteBytes, duplicateBytes, zeroBytes, insertInvalidUTF8, insertText
        // Structure: for text files (on binary ones they still damage, less cleverly).
        case deleteLine, duplicateLine, swapLines, blankLine, swapCells, deleteCell, duplicateCell, replaceCell
        case editHeader, replaceNumber, crlf, loneCR, longLine, byteOrderMark, dropFinalNewline, emptyFile

        public static let bytes: [Operation] = [
            .flipBits, .randomBytes, .truncate, .deleteBytes, .duplicateBytes, .zeroBytes, .insertInvalidUTF8, .insertText,
        ]
    }

    public var operations: [Operation]
    /// Each case applies 1…`maxSteps` operations.
    public var maxSteps: Int

    public init(_ operations: [Operation] = Operation.allCases, maxSteps: Int = 3) {
        self.operations = operations
        self.maxSteps = maxSteps
    }

    public func mutate(_ input: [UInt8], _ rng: inout SeededRandom) -> (bytes: [UInt8], steps: [String]) {
        var bytes = input
        var steps: [String] = []
        for _ in 0..<rng.int(1...maxSteps) {
            let operation = rng.pick(operations)
            steps.append(operation.rawValue + apply(operation, to: &bytes, &rng))
        }
        return (bytes, steps)
    }

    /// Applies one operation; returns where and with what, for the case's description.
    private func apply(_ operation: Operation, to bytes: inout [UInt8], _ rng: inout SeededRandom) -> String {
        if let detail = applyToBytes(operation, &bytes, &rng) { return detail }
        var text = TextLines(bytes)
        guard !text.lines.isEmpty else { return " (empty)" }
        let detail = applyToLines(operation, &text, &rng)
        bytes = text.bytes
        return detail
    }

    /// The byte-level operations (nil for a structural one).
    private func applyToBytes(_ operation: Operation, _ bytes: inout [UInt8], _ rng: inout SeededRandom) -> String? {
        let at = rng.int(0...bytes.count)
        let span = min(bytes.count - at, rng.int(1...64))
        switch operation {
        case .flipBits:
            guard !bytes.isEmpty else { return " (empty)" }
            let offsets = (0..<rng.int(1...8)).map { _ in rng.int(0...(bytes.count - 1)) }
            for o in offsets { bytes[o] ^= UInt8(1) << UInt8(rng.int(0...7)) }
            return " at \(offsets)"
        case .randomBytes:
            for o in at..<(at + span) { bytes[o] = UInt8(rng.int(0...255)) }
            return " \(at)..<\(at + span)"
        case .truncate:
            bytes.removeSubrange(at...)
            return " at \(at)"
        case .deleteBytes:
            bytes.removeSubrange(at..<(at + span))
            return " \(at)..<\(at + span)"
        case .duplicateBytes:
            let copy = Array(bytes[at..<(at + span)])
            let to = rng.int(0...bytes.count)
            bytes.insert(contentsOf: copy, at: to)
            return " \(at)..<\(at + span) to \(to)"
        case .zeroBytes:
            for o in at..<(at + span) { bytes[o] = 0 }
            return " \(at)..<\(at + span)"
        case .insertInvalidUTF8:
            let junk = rng.pick(HostileText.invalidUTF8)
            bytes.insert(contentsOf: junk, at: at)
            return " \(junk) at \(at)"
        case .insertText:
            let text = HostileText.randomString(&rng)
            bytes.insert(contentsOf: Array(text.utf8), at: at)
            return " \(visible(text)) at \(at)"
        case .byteOrderMark:
            bytes.insert(contentsOf: [0xEF, 0xBB, 0xBF], at: 0)
            return ""
        case .emptyFile:
            bytes = []
            return ""
        default:
            return nil
        }
    }
}
