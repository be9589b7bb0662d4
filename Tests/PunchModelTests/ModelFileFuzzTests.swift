import Foundation
import Testing
import TestSupport
import PunchKit
@testable import PunchModel

/// Damaged model files (issue 13): `ModelFile.read` refuses them in one line naming the file, or
/// returns a classifier that classifies a window (a header that passes the checks must describe a
/// network that runs).
@Suite struct ModelFileFuzzTests {
    @Test func damagedModelFilesAreReadOrRefusedInOneLine() throws {
        let scratch = try ScratchDirectory()
        let tiny = PunchClassifier(classes: ["jab", "cross", "stance"], background: ["stance"], architecture: .tiny, lookahead: 3, seed: 2)
        try ModelFile.write(tiny, to: scratch.url.appendingPathComponent("tiny.model"))
        let inputs = [
            Array(try Data(contentsOf: scratch.url.appendingPathComponent("tiny.model"))),
            Array(try Data(contentsOf: repositoryRoot.appendingPathComponent("Weights/punch-classifier.model"))),
        ]
        let text = Mutator(), bytes = Mutator(Mutator.Operation.bytes)
        let window = Self.probeWindow()
        let report = try FuzzCampaign("model-file", cases: 1200).run { rng, folder in
            // The shipped model is 0.8 MB: one case in eight, to keep the run short.
            let input = inputs[rng.chance(0.125) ? 1 : 0]
            // Mostly the magic line and the JSON header, whose every field the reader must check; else anywhere.
            let headerEnd = Self.headerEnd(input)
            let damaged: [UInt8], steps: [String]
            switch rng.int(0...9) {
            case 0...2:
                (damaged, steps) = bytes.mutate(input, &rng)
            case 3...6:
                let (header, headerSteps) = ModelHeaderEdit.edit(Array(input[..<headerEnd]), &rng)
                (damaged, steps) = (header + input[headerEnd...], headerSteps)
            default:
                let (header, headerSteps) = text.mutate(Array(input[..<headerEnd]), &rng)
                (damaged, steps) = (header + input[headerEnd...], ["header:"] + headerSteps)
            }
            let url = folder.appendingPathComponent("punch.model")
            try Data(damaged).write(to: url)
            return .init(steps: steps, mustName: url.path) {
                let model = try ModelFile.read(url)
                _ = model.classify(SequenceWindow(window, start: 0, length: model.window.frames), mirror: false)
            }
        }
        report.expectNoFailures()
    }

    /// Where the weights start: after the second "\n".
    static func headerEnd(_ bytes: [UInt8]) -> Int {
        let first = bytes.firstIndex(of: 10)!
        return bytes[(first + 1)...].firstIndex(of: 10)! + 1
    }

    /// Two frames of a still figure; a window reads them clamped at both ends, whatever its length.
    static func probeWindow() -> SkeletonSequence {
        var s = SkeletonSequence(layout: .canonical, units: .m, source: "fuzz", hasWorld: true)
        let p = (0..<17).map { j in Vec3(Double(j % 3) * 0.2, Double(j) * 0.1 - 0.8, 3) }
        for t in [0.0, 1.0 / 60] { s.append(time: t, positions: p, confidences: Array(repeating: 0.9, count: 17), world: p) }
        return s
    }
}
