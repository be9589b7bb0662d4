import Foundation
import TestSupport
import Testing

/// `punchcoach average`: models tuned from one model, averaged into one network.
@Suite struct AverageCommandTests {
    /// The shipped model and a model tuned from it average into a model that `evaluate` reads and whose file and
    /// report name both and their weights; a model trained apart, or weights that do not fit, are refused in one line, and
    /// nothing is written.
    @Test func aModelAndItsTunedDescendantAverageAndAModelTrainedApartIsRefused() throws {
        let scratch = try ScratchDirectory()
        let shipped = repositoryRoot.appendingPathComponent("Weights/punch-classifier.model").path
        try synthesize(scratch.file("me"), ["--clips-per-class", "1", "--subjects", "2", "--first-subject", "901", "--seed", "33"])
        let tune = try punchcoach(["train", "--from", shipped, "--data", scratch.file("me"), "--out", scratch.file("tuned.model"),
                                   "--epochs", "1", "--rehearse-synthetic", "0"])
        #expect(tune.status == 0, "\(tune.stderr)")

        let r = try punchcoach(["average", shipped, scratch.file("tuned.model"), "--out", scratch.file("wise.model"),
                                "--report", scratch.file("wise.md")])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("averaged 2 models") && r.stdout.contains("tuned.model × 0.5"), "\(r.stdout)")
        let report = try String(contentsOfFile: scratch.file("wise.md"), encoding: .utf8)
        #expect(report.contains("| `\(shipped)` | 0.5 |") && report.contains("| `\(scratch.file("tuned.model"))` | 0.5 | \(scratch.file("me")) | 1 | 1 (1) |"),
                "\(report)")
        let training = try #require(try modelHeader(scratch.file("wise.model"))["training"] as? [String: Any])
        #expect(training["averagingWeights"] as? [Double] == [0.5, 0.5])
        #expect((training["base"] as? [[String: Any]])?.count == 2)
        let people = Set((training["subjects"] as? [String] ?? []) + (training["validationSubjects"] as? [String] ?? []))
        #expect(people.isSuperset(of: ["s901", "s902", "precog-s03"]), "the tuned model's people and the shipped one's are named")
        let e = try punchcoach(["evaluate", "--model", scratch.file("wise.model"), "--data", scratch.file("me"), "--json"])
        #expect(e.status == 0, "\(e.stderr)")

        let apart = try punchcoach(["train", "--data", scratch.file("me"), "--out", scratch.file("apart.model"), "--epochs", "1"])
        #expect(apart.status == 0, "\(apart.stderr)")
        let refused = try punchcoach(["average", shipped, scratch.file("apart.model"), "--out", scratch.file("x.model")])
        #expect(refused.status != 0)
        #expect(refused.stderrLines.count == 1 && refused.stderr.contains("apart.model: "), "\(refused.stderr)")
        let weights = try punchcoach(["average", shipped, scratch.file("tuned.model"), "--weights", "0.7", "--out", scratch.file("x.model")])
        #expect(weights.status != 0 && weights.stderr.contains("1 weights for 2 models"), "\(weights.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.file("x.model")))

        // Scored for the report on the people every model held out: the shipped model and one tuned on other people
        // share none, which is said in one line before anything is written; two tunings of one split share its
        // validation person, on whom the report scores the average, clip level, with its confusion matrix.
        let none = try punchcoach(["average", shipped, scratch.file("tuned.model"), "--out", scratch.file("x.model"),
                                   "--report", scratch.file("x.md"), "--data", scratch.file("me")])
        #expect(none.status != 0 && none.stderrLines.count == 1 && none.stderr.contains("share no validation people"), "\(none.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.file("x.model")) && !FileManager.default.fileExists(atPath: scratch.file("x.md")))
        let again = try punchcoach(["train", "--from", shipped, "--data", scratch.file("me"), "--out", scratch.file("tuned2.model"),
                                    "--epochs", "1", "--rehearse-synthetic", "0", "--learning-rate", "0.0001"])
        #expect(again.status == 0, "\(again.stderr)")
        let held = try #require((try modelHeader(scratch.file("tuned.model"))["training"] as? [String: Any])?["validationSubjects"] as? [String])
        let scored = try punchcoach(["average", scratch.file("tuned.model"), scratch.file("tuned2.model"), "--out", scratch.file("pair.model"),
                                     "--report", scratch.file("pair.md"), "--data", scratch.file("me")])
        #expect(scored.status == 0, "\(scored.stderr)")
        let pair = try String(contentsOfFile: scratch.file("pair.md"), encoding: .utf8)
        #expect(held.count == 1 && pair.contains("## Held-out subjects, clip level") && pair.contains("People: \(held[0]) — held out"), "\(pair)")
        #expect(FileManager.default.fileExists(atPath: scratch.file("pair.confusion.png")))
        let lonely = try punchcoach(["average", shipped, scratch.file("tuned.model"), "--out", scratch.file("x.model"), "--data", scratch.file("me")])
        #expect(lonely.status != 0 && lonely.stderr.contains("--report"), "\(lonely.stderr)")
    }
}
