import Foundation
import TestSupport
import Testing

/// `punchcoach train --members N`: an ensemble of networks from seeds S, S+1, … in one model file.
@Suite struct EnsembleCommandTests {
    @Test func membersAreTrainedFromSuccessiveSeedsAndFineTunedTogether() throws {
        let scratch = try ScratchDirectory()
        try synthesize(scratch.file("d"), ["--clips-per-class", "2", "--subjects", "3", "--seed", "9"])
        let r = try punchcoach(["train", "--data", scratch.file("d"), "--out", scratch.file("e.model"), "--members", "2",
                                "--epochs", "1", "--seed", "4"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("member 2 of 2 (seed 5)"), "\(r.stderr)")
        let h = try modelHeader(scratch.file("e.model"))
        #expect(h["format"] as? Int == 2 && h["members"] as? Int == 2)
        let members = try #require((h["training"] as? [String: Any])?["members"] as? [[String: Any]])
        #expect(members.compactMap { $0["seed"] as? Int } == [4, 5])
        let e = try punchcoach(["evaluate", "--model", scratch.file("e.model"), "--data", scratch.file("d"), "--json"])
        #expect(e.status == 0, "\(e.stderr)")

        // Fine-tuning an ensemble tunes every member; asking for another count is refused, the first line
        // naming the option (argument-parser adds its usage hint after it).
        let tuned = try punchcoach(["train", "--from", scratch.file("e.model"), "--data", scratch.file("d"), "--out", scratch.file("t.model"),
                                    "--epochs", "1"])
        #expect(tuned.status == 0, "\(tuned.stderr)")
        #expect(try modelHeader(scratch.file("t.model"))["members"] as? Int == 2)
        let refused = try punchcoach(["train", "--from", scratch.file("e.model"), "--data", scratch.file("d"), "--out", scratch.file("x.model"),
                                      "--members", "3"])
        #expect(refused.status != 0 && refused.stderrLines.first?.contains("--members") == true, "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.file("x.model")))
    }
}
