import Foundation
import TestSupport
import Testing

/// `punchcoach evaluate --against MODEL`: two models read on the same clips and compared clip by clip, as a person
/// checks a model tuned on them against the shipped one.
@Suite struct EvaluateAgainstTests {
    /// The shipped model against a network trained for one epoch from nothing: the counts agree with each other (each
    /// model's right clips differ by the clips only it reads right), the p-value is McNemar's for those counts, and the
    /// Markdown names both models. A model against itself differs on no clip; a model file that cannot be read is one
    /// line naming it, before anything is scored.
    @Test func twoModelsAreComparedClipByClip() throws {
        let scratch = try ScratchDirectory()
        let shipped = repositoryRoot.appendingPathComponent("Weights/punch-classifier.model").path
        try synthesize(scratch.file("check"), ["--clips-per-class", "2", "--subjects", "1", "--first-subject", "951", "--seed", "35"])
        let weak = try punchcoach(["train", "--data", scratch.file("check"), "--epochs", "1", "--out", scratch.file("weak.model")])
        #expect(weak.status == 0, "\(weak.stderr)")

        let r = try punchcoach(["evaluate", "--model", shipped, "--data", scratch.file("check"), "--against", scratch.file("weak.model"), "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try r.json()
        let against = try #require(json["against"] as? [String: Any], "\(json.keys)")
        let clips = try #require(against["clips"] as? Int), modelRight = try #require(against["model_right"] as? Int)
        let againstRight = try #require(against["against_right"] as? Int)
        let onlyModel = try #require(against["only_model"] as? [String]), onlyAgainst = try #require(against["only_against"] as? [String])
        #expect(clips == 14 && json["clips"] as? Int == 14)
        #expect(modelRight - againstRight == onlyModel.count - onlyAgainst.count)
        #expect(modelRight == 14 - ((json["misclassified"] as? [Any])?.count ?? -1), "the evaluated model's own count")
        #expect(onlyModel.count > onlyAgainst.count, "the shipped model reads synthetic clips better than one epoch from nothing")
        let n = onlyModel.count + onlyAgainst.count, k = min(onlyModel.count, onlyAgainst.count)
        var tail = 0.0, choose = 1.0
        for i in 0...k { if i > 0 { choose *= Double(n - i + 1) / Double(i) }; tail += choose / pow(2, Double(n)) }
        #expect(abs((against["p_value"] as? Double ?? -1) - min(1, 2 * tail)) < 1e-9, "\(against)")
        #expect(against["model"] as? String == scratch.file("weak.model"))

        let text = try punchcoach(["evaluate", "--model", shipped, "--data", scratch.file("check"), "--against", scratch.file("weak.model")])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("## Against \(scratch.file("weak.model")), clip by clip (the same 14 clips)")
                && text.stdout.contains("| \(shipped) | \(modelRight) of 14 |") && text.stdout.contains("McNemar's exact test: p = "), "\(text.stdout)")

        let itself = try punchcoach(["evaluate", "--model", shipped, "--data", scratch.file("check"), "--against", shipped, "--json"])
        let same = try #require(try itself.json()["against"] as? [String: Any])
        #expect((same["only_model"] as? [String])?.isEmpty == true && (same["only_against"] as? [String])?.isEmpty == true && same["p_value"] as? Double == 1)
        #expect((same["verdict"] as? String)?.contains("nothing tells them apart") == true, "\(same)")

        // A model of other classes (trained on three of them) is refused in one line, naming both lists.
        try FileManager.default.createDirectory(atPath: scratch.file("three"), withIntermediateDirectories: true)
        for label in ["jab", "cross", "stance"] { try FileManager.default.copyItem(atPath: scratch.file("check/\(label)"), toPath: scratch.file("three/\(label)")) }
        let fewer = try punchcoach(["train", "--data", scratch.file("three"), "--epochs", "1", "--out", scratch.file("three.model")])
        #expect(fewer.status == 0, "\(fewer.stderr)")
        let others = try punchcoach(["evaluate", "--model", shipped, "--data", scratch.file("check"), "--against", scratch.file("three.model")])
        #expect(others.status != 0 && others.stderrLines.count == 1 && others.stderr.contains("are not the model's"), "\(others.stderr)")

        let missing = try punchcoach(["evaluate", "--data", scratch.file("check"), "--against", scratch.file("nope.model")])
        #expect(missing.status != 0 && missing.stderrLines.count == 1 && missing.stderr.contains(scratch.file("nope.model")), "\(missing.stderr)")
    }
}
