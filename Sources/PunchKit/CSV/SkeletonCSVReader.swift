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
        var bytes = [UInt8](data)
        bytes.append(0)  // strtod stops at the terminator
        return try bytes.withUnsafeBufferPointer { try Parser(bytes: $0, file: file).run() }
    }
}

/// One column of the file: which joint and which component it holds.
private struct ColumnRole {
    enum Component: Int { case x = 0, y, z, c, wx, wy, wz }
    var joint: Int
    var component: Component
}

private struct Parser {
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

    func run() throws -> SkeletonSequence {
        if String(validating: UnsafeBufferPointer(rebasing: bytes[0..<end]), as: UTF8.self) == nil {
            throw fail(nil, "not a UTF-8 text file; expected a skeleton CSV")
        }
        let lines = lines()
        guard !lines.isEmpty else { throw fail(nil, "empty file; expected a header line `t,<joint>_x,…`") }
        var index = 0
        var meta = SkeletonCSVHeader()
        if bytes[lines[0].lowerBound] == UInt8(ascii: "#") {
            meta = try SkeletonCSVHeader.parse(string(lines[0]), file: file)
            index = 1
        }
        guard index < lines.count else { throw fail(index, "no header line after the comment") }
        let headerLine = index + 1
        let columns = string(lines[index]).split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        index += 1

        // Time column.
        let timeIsFrame: Bool
        switch columns.first {
        case "t": timeIsFrame = false
        case "frame": timeIsFrame = true
        default:
            throw fail(headerLine, "first column is '\(columns.first ?? "")'; expected 't' (seconds) or 'frame'")
        }
        let frameRate = meta.fps ?? SkeletonCSV.defaultFrameRate

        // Joint columns, in file order.
        var jointOrder: [String] = []
        var parsed: [(joint: String, component: ColumnRole.Component)] = []
        var seen = Set<String>()
        for name in columns.dropFirst() {
            guard seen.insert(name).inserted else { throw fail(headerLine, "column '\(name)' appears twice") }
            guard let us = name.lastIndex(of: "_"),
                  let comp = Self.component(String(name[name.index(after: us)...])) else {
                throw fail(headerLine, "column '\(name)' is not <joint>_x, _y, _z, _c, _wx, _wy or _wz")
            }
            let joint = String(name[..<us])
            if !jointOrder.contains(joint) { jointOrder.append(joint) }
            parsed.append((joint, comp))
        }
        guard !jointOrder.isEmpty else { throw fail(headerLine, "no joint columns in the header") }

        // The layout: declared, or recognised from the joint names.
        let layout: JointLayout
        if let declared = meta.layout {
            guard let l = JointLayout.named(declared) else {
                throw fail(1, SkeletonError.unknownLayout(declared).description)
            }
            guard Set(jointOrder) == Set(l.joints) else {
                let missing = l.joints.filter { !jointOrder.contains($0) }
                let foreign = jointOrder.filter { !l.joints.contains($0) }
                throw fail(headerLine, "header does not match layout=\(declared)"
                           + (missing.isEmpty ? "" : "; missing joints: \(missing.joined(separator: ", "))")
                           + (foreign.isEmpty ? "" : "; unknown joints: \(foreign.joined(separator: ", "))"))
            }
            layout = l
        } else {
            guard let l = JointLayout.matching(jointNames: Set(jointOrder)) else {
                throw fail(headerLine, "the header's \(jointOrder.count) joints match no known layout "
                           + "(\(JointLayout.known.map(\.name).joined(separator: ", "))); add a first line `# layout=… units=…`")
            }
            layout = l
        }

        // Every joint must carry the same components.
        var componentsOf: [String: Set<Int>] = [:]
        for p in parsed { componentsOf[p.joint, default: []].insert(p.component.rawValue) }
        let reference = componentsOf[jointOrder[0]]!
        for j in jointOrder where componentsOf[j]! != reference {
            throw fail(headerLine, "joint '\(j)' has other columns than '\(jointOrder[0])'; every joint needs the same _x/_y/_z/_c columns")
        }
        guard reference.contains(0), reference.contains(1) else {
            throw fail(headerLine, "joints need at least _x and _y columns")
        }
        let hasWorld = reference.contains(4)
        if hasWorld && !(reference.contains(5) && reference.contains(6)) {
            throw fail(headerLine, "world coordinates need all of _wx, _wy, _wz")
        }
        if meta.world && !hasWorld {
            throw fail(1, "world=m is declared but there are no _wx/_wy/_wz columns")
        }
        let hasConfidence = reference.contains(3)
        let roles = parsed.map { ColumnRole(joint: layout.index(of: $0.joint)!, component: $0.component) }

        var sequence = SkeletonSequence(
            layout: layout, units: meta.units ?? (meta.layout == nil ? .arb : .px), source: meta.source ?? "unknown",
            subject: meta.subject, hasWorld: hasWorld, reservingFrames: lines.count - index)
        sequence.fps = meta.fps
        sequence.extra = meta.extra

        let n = layout.count
        var values = [Double](repeating: 0, count: n * 7)
        var present = [UInt8](repeating: 0, count: n * 7)
        var positions = [Vec3](repeating: .zero, count: n)
        var confidences = [Double](repeating: 0, count: n)
        var world = [Vec3](repeating: .zero, count: n)
        var lastTime = -Double.infinity
        var cellStarts = [Int](repeating: 0, count: columns.count + 1)
        /// Whether the first joint given had a z value, and on which line: every later one must agree.
        var depth: (given: Bool, line: Int)? = nil

        for li in index..<lines.count {
            let lineNo = li + 1
            let r = lines[li]
            if r.isEmpty { throw fail(lineNo, "empty line; remove it") }
            // Cell boundaries.
            var cells = 0
            cellStarts[0] = r.lowerBound
            for i in r where bytes[i] == UInt8(ascii: ",") {
                cells += 1
                if cells >= columns.count { break }
                cellStarts[cells] = i + 1
            }
            cells += 1
            if cells != columns.count {
                let more = cells >= columns.count
                throw fail(lineNo, "\(more ? "more than \(columns.count)" : "\(cells)") cells where the header has \(columns.count)"
                           + (li == lines.count - 1 && !more ? " (the file looks truncated)" : "") + "; fix or remove the row")
            }
            cellStarts[cells] = r.upperBound + 1

            // Time.
            guard let tv = number(cellStarts[0], cellStarts[1] - 1) else {
                throw fail(lineNo, "'\(string(cellStarts[0]..<(cellStarts[1] - 1)))' in column '\(columns[0])' is not a finite number")
            }
            let t = timeIsFrame ? tv / frameRate : tv
            guard t > lastTime else {
                throw fail(lineNo, "time \(tv) does not increase (previous row \(timeIsFrame ? lastTime * frameRate : lastTime)); rows must be in time order without repeats")
            }
            lastTime = t

            // Joint cells.
            for k in 0..<(n * 7) { present[k] = 0 }
            for (ci, role) in roles.enumerated() {
                let lo = cellStarts[ci + 1], hi = cellStarts[ci + 2] - 1
                let slot = role.joint * 7 + role.component.rawValue
                if lo == hi { continue }  // empty cell
                guard let v = number(lo, hi) else {
                    throw fail(lineNo, "'\(string(lo..<hi))' in column '\(columns[ci + 1])' is not a finite number")
                }
                values[slot] = v
                present[slot] = 1
            }
            for j in 0..<n {
                let base = j * 7
                // z is counted apart: 2D data (YOLO-pose, RTMO, MoveNet, OpenPose) leaves it empty.
                var given = 0, expected = 0
                for c in 0..<7 where c != 2 && reference.contains(c) {
                    expected += 1
                    given += Int(present[base + c])
                }
                if given == 0 {  // a missing joint
                    positions[j] = .zero
                    confidences[j] = 0
                    world[j] = .zero
                    continue
                }
                guard given == expected else {
                    throw fail(lineNo, "joint '\(layout.joints[j])' is only partly given; give all its cells or leave all empty")
                }
                positions[j] = Vec3(values[base], values[base + 1], present[base + 2] == 1 ? values[base + 2] : 0)
                let c = hasConfidence ? values[base + 3] : 1
                guard c >= 0 && c <= 1 else {
                    throw fail(lineNo, "confidence \(c) of '\(layout.joints[j])' is outside 0…1")
                }
                confidences[j] = c
                if reference.contains(2) && c > 0 {  // a missing joint may be `0,0,,0` in any file
                    let zGiven = present[base + 2] == 1
                    if depth == nil { depth = (zGiven, lineNo) }
                    guard depth!.given == zGiven else {
                        throw fail(lineNo, "joint '\(layout.joints[j])' has \(zGiven ? "a z value" : "an empty z") but line \(depth!.line) "
                                   + "\(zGiven ? "left z empty" : "gives z"); a file is either 2D (every z empty) or 3D (every given joint has z)")
                    }
                }
                if hasWorld { world[j] = Vec3(values[base + 4], values[base + 5], values[base + 6]) }
            }
            sequence.append(time: t, positions: positions, confidences: confidences, world: hasWorld ? world : nil)
        }
        guard !sequence.isEmpty else { throw fail(headerLine, "no frames after the header") }
        sequence.hasDepth = reference.contains(2) && (depth?.given ?? true)
        return sequence
    }

    static func component(_ s: String) -> ColumnRole.Component? {
        switch s {
        case "x": return .x
        case "y": return .y
        case "z": return .z
        case "c": return .c
        case "wx": return .wx
        case "wy": return .wy
        case "wz": return .wz
        default: return nil
        }
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
