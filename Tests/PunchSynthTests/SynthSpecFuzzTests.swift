import Foundation
import Testing
import TestSupport
import PunchKit
@testable import PunchSynth

/// Damaged synthetic dataset specs (issue 13): `synth --spec` reads the spec or refuses it in one line
/// naming the file.
@Suite struct SynthSpecFuzzTests {
    @Test func damagedSpecsAreReadOrRefusedInOneLine() throws {
        let base = try Data(contentsOf: repositoryRoot.appendingPathComponent("Datasets/synth-v4.json"))
        let small = SynthSpec(seed: 4, clipsPerClass: 2, subjects: 3, rounds: 1, roundSeconds: 20, labels: ["jab", "idle"])
        let inputs = [Array(base), Array(small.json().utf8)]
        let report = try FuzzCampaign("synth-spec", cases: 1500).run(mutating: inputs, fileName: "spec.json") { _ = try SynthSpec.read($0) }
        report.expectNoFailures()
    }

    /// Found by the fuzzer (seed 2): a label holding a line separator (raw, or as the JSON escape
    /// `\n`) came out raw in the error, on two lines.
    @Test func aLabelWithALineBreakIsQuotedOnOneLine() throws {
        let scratch = try ScratchDirectory()
        let url = scratch.url.appendingPathComponent("spec.json")
        for (label, quoted) in [("j🥊🏽é\u{2028}\u{0301}CI\u{FEFF}ab", "j🥊🏽é\\u{2028}\u{0301}CI\u{FEFF}ab"), ("jab\\n", "jab\\n")] {
            let json = #"{"clips_per_class": 2, "generator": \#(SynthSpec.generatorVersion), "labels": [""# + label + #"", "idle"], "round_seconds": 20, "rounds": 1, "seed": 4, "subjects": 3}"#
            try Data(json.utf8).write(to: url)
            let error = try #require(throws: SynthError.self) { try SynthSpec.read(url) }
            #expect(error.description == "\(url.path): label '\(quoted)' is not one of jab, double_jab, cross, hook, uppercut, stance, idle")
        }
    }
}
