import Foundation
import TestSupport
import Testing

/// `evaluate` on a set labelled in its own words (an index saying `Jab`, `straight`, `lead hook`): read as
/// the model's classes and families, said on stderr, scored as with the classes' names and `--merge`.
@Suite struct TruthLabelsCommandTests {
    @Test func aSetInItsOwnWordsScoresAsInTheClassesNames() throws {
        let scratch = try ScratchDirectory()
        try synthesize(scratch.file("d"), ["--clips-per-class", "2", "--subjects", "2", "--first-subject", "611", "--seed", "4"])
        let words = ["jab": "Jab", "cross": "straight", "double_jab": "straight", "hook": "lead hook"]
        var plain = "clip,label\n", own = "clip,label\n"
        for label in ["jab", "double_jab", "cross", "hook", "uppercut", "stance", "idle"] {
            for file in try FileManager.default.contentsOfDirectory(atPath: scratch.file("d/\(label)")).sorted() {
                plain += "\(label)/\(file),\(label)\n"
                own += "\(label)/\(file),\(words[label] ?? label)\n"
            }
        }
        try plain.write(toFile: scratch.file("d/plain.csv"), atomically: true, encoding: .utf8)
        try own.write(toFile: scratch.file("d/own.csv"), atomically: true, encoding: .utf8)

        let expected = try punchcoach(["evaluate", "--data", scratch.file("d"), "--index", "plain.csv", "--merge", "straight=jab,double_jab,cross", "--json"])
        let read = try punchcoach(["evaluate", "--data", scratch.file("d"), "--index", "own.csv", "--json"])
        #expect(expected.status == 0 && read.status == 0, "\(read.stderr)")
        let a = try expected.json(), b = try read.json()
        #expect((a["confusion"] as? [String: Any])?["matrix"] as? [[Int]] == (b["confusion"] as? [String: Any])?["matrix"] as? [[Int]], "\(read.stdout)")
        #expect((b["merge"] as? [String: [String]]) == ["straight": ["jab", "double_jab", "cross"]])
        #expect(read.stderr.contains("label 'lead hook' read as 'hook'") && read.stderr.contains("label 'Jab' read as 'jab'"), "\(read.stderr)")
        #expect(read.stderr.contains("label 'straight' scored as a family: straight=jab,double_jab,cross"), "\(read.stderr)")
    }

    /// `classify --truth` with the truth in the set's own words scores as with the classes' names.
    @Test func classifyReadsTruthInItsOwnWords() throws {
        let scratch = try ScratchDirectory()
        try synthesize(scratch.file("d"), ["--clips-per-class", "1", "--subjects", "1", "--first-subject", "621", "--seed", "6",
                                           "--rounds", "1", "--round-seconds", "30"])
        let round = try #require(try FileManager.default.contentsOfDirectory(atPath: scratch.file("d/rounds"))
            .first { $0.hasSuffix(".csv") && !$0.hasSuffix(".events.csv") })
        let recording = scratch.file("d/rounds/\(round)")
        let truth = recording.replacingOccurrences(of: ".csv", with: ".events.csv")
        let words = [",jab,": ",Jab,", ",hook,": ",lead hook,", ",uppercut,": ",Rear Uppercut,", ",double_jab,": ",Double Jab,"]
        var own = try String(contentsOfFile: truth, encoding: .utf8)
        for (a, b) in words { own = own.replacingOccurrences(of: a, with: b) }
        #expect(own != (try String(contentsOfFile: truth, encoding: .utf8)))
        try own.write(toFile: scratch.file("own.events.csv"), atomically: true, encoding: .utf8)

        let a = try punchcoach(["classify", recording, "--truth", truth, "--json"])
        let b = try punchcoach(["classify", recording, "--truth", scratch.file("own.events.csv"), "--json"])
        #expect(a.status == 0 && b.status == 0, "\(b.stderr)")
        let ta = try #require(try a.json()["truth"] as? [String: Any]), tb = try #require(try b.json()["truth"] as? [String: Any])
        for key in ["precision", "recall", "f1", "count_error"] {
            #expect(ta[key] as? Double == tb[key] as? Double, "\(key): \(ta) against \(tb)")
        }
        #expect(b.stderr.contains("label 'Jab' read as 'jab'"), "\(b.stderr)")
    }
}
