import Foundation

extension SkeletonCSV {
    /// The file text of `sequence`: the self-describing first line, the header, one row a frame.
    /// Numbers are written in Swift's shortest round-trip form, so reading the text back gives the
    /// same values bit for bit. Every joint gets x, y, z and c (z empty for 2D data); world coordinates
    /// follow when present.
    public static func text(of sequence: SkeletonSequence) -> String {
        var out = SkeletonCSVHeader.line(for: sequence) + "\n"
        let joints = sequence.layout.joints
        var header = ["t"]
        for j in joints { header += ["\(j)_x", "\(j)_y", "\(j)_z", "\(j)_c"] }
        if sequence.world != nil { for j in joints { header += ["\(j)_wx", "\(j)_wy", "\(j)_wz"] } }
        out += header.joined(separator: ",") + "\n"
        out.reserveCapacity(out.utf8.count + sequence.frameCount * joints.count * 60)
        let n = joints.count
        for f in 0..<sequence.frameCount {
            out += format(sequence.times[f])
            for j in 0..<n {
                let p = sequence.position(frame: f, joint: j)
                out += ","; out += format(p.x)
                out += ","; out += format(p.y)
                out += ","; if sequence.hasDepth { out += format(p.z) }
                out += ","; out += format(sequence.confidence(frame: f, joint: j))
            }
            if let world = sequence.world {
                for j in 0..<n {
                    let w = world[f * n + j]
                    out += ","; out += format(w.x)
                    out += ","; out += format(w.y)
                    out += ","; out += format(w.z)
                }
            }
            out += "\n"
        }
        return out
    }

    public static func write(_ sequence: SkeletonSequence, to url: URL) throws {
        try TextFileWriter.write(text(of: sequence), to: url)
    }

    /// Shortest text that reads back as exactly `v` ("0" rather than "0.0" to keep files small).
    @inline(__always) static func format(_ v: Double) -> String {
        if v == 0 { return v.sign == .minus ? "-0" : "0" }
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return v.description
    }
}
