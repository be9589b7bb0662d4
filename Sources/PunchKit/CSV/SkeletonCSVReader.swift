import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads skeleton CSV files (see README, "Formats").
///
/// Every problem is an error naming the file and line: a NaN or infinite cell, a confidence outside
/// 0…1, time not strictly increasing, a row with the wrong number of cells (a truncated file), a column
/// that is not `<joint>_<x|y|z|c|wx|wy|wz>`, a joint given only partly. Nothing is skipped silently.
///
/// 2D files (most pose tools) leave every `z` empty, or have no `_z` columns: the sequence then has
/// `hasDepth == false`. A missing 2D joint may be written `0,0,,0`. A file mixing given and empty z is
/// refused, naming both lines.
public enum SkeletonCSV {
    /// Frame rate assumed for files with a `frame` column and no `fps=` in the first line.
    public static let defaultFrameRate = 30.0

    public static func read(_ url: URL) throws -> SkeletonSequence {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw DataFileError(file: url.path, "cannot read the file (\(error.localizedDescription)); check the path")
        }
        return try parse(data, file: url.path)
    }

    public static func parse(_ text: String, file: String) throws -> SkeletonSequence {
        try parse(Data(text.utf8), file: file)
    }

    public static func parse(_ data: Data, file: String) throws -> SkeletonSequence {
        // A UTF-8 byte-order mark (Excel, Python's utf-8-sig) is not part of the first line.
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        var bytes = data.starts(with: bom) ? [UInt8](data.dropFirst(3)) : [UInt8](data)
        bytes.append(0)  // strtod stops at the terminator
        return try bytes.withUnsafeBufferPointer { try Parser(bytes: $0, file: file).run() }
    }
}

private struct Parser {
    typealias Component = SkeletonCSVColumns.Component
    let bytes: UnsafeBufferPointer<UInt8>
    let file: String
    let end: Int

    init(bytes: UnsafeBufferPointer<UInt8>, file: String) {
        self.bytes = bytes
        self.file = file
        self.end = bytes.count - 1  // the appended terminator
    }

    func fail(_ line: Int?, _ message: String) -> DataFileError { DataFileError(file: file, line: line, message) }

    /// The lines of the file as byte ranges, without their "\n" / "\r\n".
    func lines() -> [Range<Int>] {
        var out: [Range<Int>] = []
        var start = 0
        var i = 0
        while i < end {
            if bytes[i] == 10 {
                var stop = i
                if stop > start && bytes[stop - 1] == 13 { stop -= 1 }
                out.append(start..<stop)
                start = i + 1
            }
            i += 1
        }
        if start < end { out.append(start..<end) }
        return out
    }

    func string(_ r: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[r]), as: UTF8.self) }

    /// The steps: text check, the optional first comment line, the header, the rows.
    func run() throws -> SkeletonSequence {
        if String(validating: UnsafeBufferPointer(rebasing: bytes[0..<end]), as: UTF8.self) == nil {
            throw fail(nil, "not a UTF-8 text file; expected a skeleton CSV")
        }
        let lines = lines()
        guard !lines.isEmpty else { throw fail(nil, "empty file; expected a header line `t,<joint>_x,…`") }
        let (meta, headerIndex) = try firstLine(lines)
        guard headerIndex < lines.count else { throw fail(headerIndex, "no header line after the comment") }
        let columns = try SkeletonCSVColumns(line: string(lines[headerIndex]), lineNumber: headerIndex + 1, meta: meta, file: file)
        var sequence = SkeletonSequence(
            layout: columns.layout, units: meta.units ?? (meta.layout == nil ? .arb : .px), source: meta.source ?? "unknown",
            subject: meta.subject, hasWorld: columns.hasWorld, reservingFrames: lines.count - headerIndex - 1)
        sequence.fps = meta.fps
        sequence.extra = meta.extra
        var rows = RowReader(parser: self, columns: columns)
        for li in (headerIndex + 1)..<lines.count {
            try rows.read(lines[li], lineNumber: li + 1, isLast: li == lines.count - 1, into: &sequence)
        }
        guard !sequence.isEmpty else { throw fail(headerIndex + 1, "no frames after the header") }
        sequence.hasDepth = columns.hasZColumn && (rows.depth?.given ?? true)
        return sequence
    }

    /// The self-describing comment line, when the file starts with one, and the index of the header line.
    func firstLine(_ lines: [Range<Int>]) throws -> (SkeletonCSVHeader, headerIndex: Int) {
        guard bytes[lines[0].lowerBound] == UInt8(ascii: "#") else { return (SkeletonCSVHeader(), 0) }
        return (try SkeletonCSVHeader.parse(string(lines[0]), file: file), 1)
    }

    /// The finite number spelled by bytes `lo..<hi`, or nil. Swift's parser is locale-independent
    /// and rejects anything but a whole number (no stray spaces or text).
    func number(_ lo: Int, _ hi: Int) -> Double? {
        guard lo < hi else { return nil }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[lo..<hi]), as: UTF8.self)
        guard let v = Double(text), v.isFinite else { return nil }
        return v
    }
}

/// Reads the rows one by one into a sequence, reusing its buffers, and remembers what every later row
/// must agree with (time order, 2D or 3D).
private struct RowReader {
    typealias Component = SkeletonCSVColumns.Component
    let parser: Parser
    let columns: SkeletonCSVColumns
    let jointCount: Int
    /// Every cell of the row by joint and component (7 slots a joint), and whether it was given.
    var values: [Double]
    var present: [Bool]
    var positions: [Vec3]
    var confidences: [Double]
    var world: [Vec3]
    var cellStarts: [Int]
    var lastTime = -Double.infinity
    /// Whether the first joint given had a z value, and on which line: every later one must agree.
    var depth: (given: Bool, line: Int)? = nil

    init(parser: Parser, columns: SkeletonCSVColumns) {
        self.parser = parser
        self.columns = columns
        jointCount = columns.layout.count
        values = [Double](repeating: 0, count: jointCount * 7)
        present = [Bool](repeating: false, count: jointCount * 7)
        positions = [Vec3](repeating: .zero, count: jointCount)
        confidences = [Double](repeating: 0, count: jointCount)
        world = [Vec3](repeating: .zero, count: jointCount)
        cellStarts = [Int](repeating: 0, count: columns.names.count + 1)
    }

    func fail(_ line: Int, _ message: String) -> DataFileError { parser.fail(line, message) }

    mutating func read(_ row: Range<Int>, lineNumber: Int, isLast: Bool, into sequence: inout SkeletonSequence) throws {
        if row.isEmpty { throw fail(lineNumber, "empty line; remove it") }
        try splitCells(row, lineNumber: lineNumber, isLast: isLast)
        let t = try time(lineNumber: lineNumber)
        try readJointCells(lineNumber: lineNumber)
        for j in 0..<jointCount { try assembleJoint(j, lineNumber: lineNumber) }
        sequence.append(time: t, positions: positions, confidences: confidences, world: columns.hasWorld ? world : nil)
    }

    /// Finds the cells' starts; a row with another count of cells than the header is refused.
    mutating func splitCells(_ row: Range<Int>, lineNumber: Int, isLast: Bool) throws {
        let expected = columns.names.count
        var cells = 0
        cellStarts[0] = row.lowerBound
        for i in row where parser.bytes[i] == UInt8(ascii: ",") {
            cells += 1
            if cells >= expected { break }
            cellStarts[cells] = i + 1
        }
        cells += 1
        if cells != expected {
            let more = cells >= expected
            throw fail(lineNumber, "\(more ? "more than \(expected)" : "\(cells)") cells where the header has \(expected)"
                       + (isLast && !more ? " (the file looks truncated)" : "") + "; fix or remove the row")
        }
        cellStarts[cells] = row.upperBound + 1
    }

    /// The row's time in seconds; it must be later than the previous row's.
    mutating func time(lineNumber: Int) throws -> Double {
        guard let value = parser.number(cellStarts[0], cellStarts[1] - 1) else {
            throw fail(lineNumber, "'\(parser.string(cellStarts[0]..<(cellStarts[1] - 1)))' in column '\(columns.names[0])' is not a finite number")
        }
        let t: Double, frameRate: Double?
        switch columns.time {
        case .seconds: (t, frameRate) = (value, nil)
        case .frames(let rate): (t, frameRate) = (value / rate, rate)
        }
        guard t > lastTime else {
            throw fail(lineNumber, "time \(value) does not increase (previous row \(frameRate.map { lastTime * $0 } ?? lastTime)); rows must be in time order without repeats")
        }
        lastTime = t
        return t
    }

    /// Parses every non-empty joint cell into its slot.
    mutating func readJointCells(lineNumber: Int) throws {
        for k in present.indices { present[k] = false }
        for (ci, column) in columns.joints.enumerated() {
            let lo = cellStarts[ci + 1], hi = cellStarts[ci + 2] - 1
            if lo == hi { continue }  // empty cell
            guard let v = parser.number(lo, hi) else {
                throw fail(lineNumber, "'\(parser.string(lo..<hi))' in column '\(columns.names[ci + 1])' is not a finite number")
            }
            let slot = column.joint * 7 + column.component.rawValue
            values[slot] = v
            present[slot] = true
        }
    }

    /// Joint `j` from its cells: missing (every cell empty), or whole with a confidence in 0…1 and a z
    /// that agrees with the rest of the file.
    mutating func assembleJoint(_ j: Int, lineNumber: Int) throws {
        let base = j * 7
        let name = columns.layout.joints[j]
        // z is counted apart: 2D data (YOLO-pose, RTMO, MoveNet, OpenPose) leaves it empty.
        var given = 0, expected = 0
        for c in Component.allCases where c != .z && columns.components.contains(c) {
            expected += 1
            if present[base + c.rawValue] { given += 1 }
        }
        if given == 0 {  // a missing joint
            positions[j] = .zero
            confidences[j] = 0
            world[j] = .zero
            return
        }
        guard given == expected else {
            throw fail(lineNumber, "joint '\(name)' is only partly given; give all its cells or leave all empty")
        }
        let zGiven = present[base + Component.z.rawValue]
        positions[j] = Vec3(values[base], values[base + 1], zGiven ? values[base + 2] : 0)
        let c = columns.hasConfidence ? values[base + 3] : 1
        guard c >= 0 && c <= 1 else { throw fail(lineNumber, "confidence \(c) of '\(name)' is outside 0…1") }
        confidences[j] = c
        if columns.hasZColumn && c > 0 {  // a missing joint may be `0,0,,0` in any file
            if depth == nil { depth = (zGiven, lineNumber) }
            guard depth!.given == zGiven else {
                throw fail(lineNumber, "joint '\(name)' has \(zGiven ? "a z value" : "an empty z") but line \(depth!.line) "
                           + "\(zGiven ? "left z empty" : "gives z"); a file is either 2D (every z empty) or 3D (every given joint has z)")
            }
        }
        if columns.hasWorld { world[j] = Vec3(values[base + 4], values[base + 5], values[base + 6]) }
    }
}
