import Foundation
import TestSupport
import Testing

/// `evaluate` on a set labelled in its own words (an index saying `Jab`, `straight`, `lead hook`, `guard`,
/// `none`): read as the model's classes and families, said on stderr, scored as with the classes' names and
/// `--merge`.
@Suite struct TruthLabelsCommandTests {
    @Test func aSetInItsOwnWordsScoresAsInTheClassesNames() throws {
        let scratch = try ScratchDirectory()
        try synthesize(scratch.file("d"), ["--clips-per-class", "2", "--subjects", "2", "--first-subject", "611", "--seed", "4"])
        let words = ["jab": "Jab", "cross": "straight", "double_jab": "straight", "hook": "lead hook", "uppercut": "Upper-Cut",
                     "stance": "guard", "idle": "walking"]
        try writeIndexes(scratch.file("d"), words: words)

        let expected = try punchcoach(["evaluate", "--data", scratch.file("d"), "--index", "plain.csv", "--merge", "straight=jab,double_jab,cross", "--json"])
        let read = try punchcoach(["evaluate", "--data", scratch.file("d"), "--index", "own.csv", "--json"])
        #expect(expected.status == 0 && read.status == 0, "\(read.stderr)")
        let a = try expected.json(), b = try read.json()
        #expect((a["confusion"] as? [String: Any])?["matrix"] as? [[Int]] == (b["confusion"] as? [String: Any])?["matrix"] as? [[Int]], "\(read.stdout)")
        #expect((b["merge"] as? [String: [String]]) == ["straight": ["jab", "double_jab", "cross"]])
        #expect(read.stderr.contains("label 'lead hook' read as 'hook'") && read.stderr.contains("label 'Jab' read as 'jab'"), "\(read.stderr)")
        #expect(read.stderr.contains("label 'straight' scored as a family: straight=jab,double_jab,cross"), "\(read.stderr)")
        #expect(read.stderr.contains("label 'guard' read as 'stance'") && read.stderr.contains("label 'walking' read as 'idle'"), "\(read.stderr)")
    }

    /// A set that says only "none" for what is no punch is scored with either background class as right; a
    /// label read as nothing is said, with the `--merge` that names it, and that `--merge` scores it.
    @Test func noPunchIsEitherBackgroundClassAndAnUnreadLabelIsSaid() throws {
        let scratch = try ScratchDirectory()
        try synthesize(scratch.file("d"), ["--clips-per-class", "2", "--subjects", "1", "--first-subject", "631", "--seed", "5"])
        // Its annotations name the guard around each punch (`stance`), which would make "none" read as idle.
        try FileManager.default.removeItem(atPath: scratch.file("d/annotations.csv"))
        let words = ["stance": "none", "idle": "none", "uppercut": "overhand"]
        try writeIndexes(scratch.file("d"), words: words)

        let expected = try punchcoach(["evaluate", "--data", scratch.file("d"), "--index", "plain.csv", "--merge", "no_punch=stance,idle",
                                       "--merge", "overhand=uppercut", "--json"])
        let read = try punchcoach(["evaluate", "--data", scratch.file("d"), "--index", "own.csv", "--json"])
        let named = try punchcoach(["evaluate", "--data", scratch.file("d"), "--index", "own.csv", "--merge", "overhand=uppercut", "--json"])
        #expect(expected.status == 0 && read.status == 0 && named.status == 0, "\(read.stderr)\(named.stderr)")
        #expect(read.stderr.contains("label 'none' read as 'no_punch'") && read.stderr.contains("scored as a family: no_punch=stance,idle"),
                "\(read.stderr)")
        #expect(read.stderr.contains("label 'overhand' is none of the model's classes")
                    && read.stderr.contains("say what it is with --merge overhand=CLASS[,CLASS]"), "\(read.stderr)")
        let support = try #require(try read.json()["classes"] as? [[String: Any]]).first { $0["label"] as? String == "overhand" }
        #expect(support?["support"] as? Int == 2 && support?["recall"] as? Double == 0, "\(read.stdout)")
        let a = try expected.json(), b = try named.json()
        #expect((a["confusion"] as? [String: Any])?["matrix"] as? [[Int]] == (b["confusion"] as? [String: Any])?["matrix"] as? [[Int]], "\(named.stdout)")
        #expect(!named.stderr.contains("is none of the model's classes"), "\(named.stderr)")
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

    /// Two indexes of the synthetic set at `root`: `plain.csv` in the classes' names, `own.csv` with each
    /// class said in `words` (class → the set's word; a class not in it keeps its name).
    private func writeIndexes(_ root: String, words: [String: String]) throws {
        var plain = "clip,label\n", own = "clip,label\n"
        for label in ["jab", "double_jab", "cross", "hook", "uppercut", "stance", "idle"] {
            for file in try FileManager.default.contentsOfDirectory(atPath: "\(root)/\(label)").sorted() {
                plain += "\(label)/\(file),\(label)\n"
                own += "\(label)/\(file),\(words[label] ?? label)\n"
            }
        }
        try plain.write(toFile: "\(root)/plain.csv", atomically: true, encoding: .utf8)
        try own.write(toFile: "\(root)/own.csv", atomically: true, encoding: .utf8)
    }
}
