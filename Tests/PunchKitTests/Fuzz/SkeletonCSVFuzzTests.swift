import Foundation
import Testing
import TestSupport
@testable import PunchKit

/// Damaged skeleton CSVs (issue 13): the reader, and the mapping to the canonical layout every
/// caller applies next, return a sequence or refuse the file in one line naming it.
@Suite struct SkeletonCSVFuzzTests {
    @Test func damagedSkeletonCSVsAreReadOrRefusedInOneLine() throws {
        let inputs = [
            fuzzSkeleton(layout: .coco17, depth: true, world: true),
            fuzzSkeleton(layout: .coco17, depth: false, world: false),
            fuzzSkeleton(layout: .blazepose33, depth: true, world: false),
        ].map { Array(SkeletonCSV.text(of: $0).utf8) }
        let variants = [withoutFirstLine(inputs[1]), withFrameColumn(inputs[2])]
        let report = try FuzzCampaign("skeleton-csv", cases: 3000).run(mutating: inputs + variants, fileName: "clip.csv") { url in
            _ = try SkeletonCSV.read(url).canonical(file: url.path)
        }
        report.expectNoFailures()
    }

    /// The header names the layout: the file must be found by its joint names alone.
    private func withoutFirstLine(_ bytes: [UInt8]) -> [UInt8] { Array(bytes.drop { $0 != 10 }.dropFirst()) }

    /// Frame numbers at the first line's rate instead of seconds.
    private func withFrameColumn(_ bytes: [UInt8]) -> [UInt8] {
        var text = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        text[0] = text[0].replacingOccurrences(of: "fps=60.0", with: "fps=25")
        text[1] = "frame" + text[1].dropFirst()
        for i in 2..<text.count { text[i] = "\(i - 2)" + text[i].drop { $0 != "," } }
        return Array((text.joined(separator: "\n") + "\n").utf8)
    }
}

/// A small skeleton (12 frames at 60 fps) with noisy joints, one of them missing in frame 3: the
/// kind of file `extract`, `synth` and the other pose tools write.
func fuzzSkeleton(layout: JointLayout, depth: Bool, world: Bool, frames: Int = 12) -> SkeletonSequence {
    var s = SkeletonSequence(layout: layout, units: world ? .px : .norm, source: "fuzz", subject: "s07", hasWorld: world)
    s.hasDepth = depth
    s.fps = 60
    var rng = SeededRandom(seed: 13)
    for f in 0..<frames {
        let p = (0..<layout.count).map { _ in Vec3(rng.uniform(0, 1), rng.uniform(0, 1), depth ? rng.uniform(-0.2, 0.2) : 0) }
        var c = (0..<layout.count).map { _ in rng.uniform(0.3, 1) }
        if f == 3 { c[5] = 0 }
        s.append(time: Double(f) / 60, positions: p, confidences: c, world: world ? p.map { $0 * 0.5 } : nil)
    }
    return s
}
