import Foundation
import TestSupport
import Testing

/// `punchcoach input-shift` as a user runs it: two small synthetic sets compared, and bad input.
@Suite struct InputShiftCommandTests {
    @Test func twoSetsAreComparedLabelByLabel() throws {
        let scratch = try ScratchDirectory()
        let a = scratch.file("a"), b = scratch.file("b")
        try synthesize(a, ["--clips-per-class", "1", "--subjects", "2", "--rounds", "0", "--seed", "1"])
        try synthesize(b, ["--clips-per-class", "1", "--subjects", "2", "--first-subject", "20", "--rounds", "0", "--seed", "2"])
        let r = try punchcoach(["input-shift", "--data", a, "--against", b, "--top", "3", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try r.json()
        let rows = try #require(json["rows"] as? [[String: Any]])
        let samples = try #require(json["samples"] as? [[String: Any]])
        let labels = Set(rows.compactMap { $0["label"] as? String })
        #expect(labels.isSuperset(of: ["jab", "hook", "stance", "idle"]), "\(labels)")
        for label in labels { #expect(rows.filter { $0["label"] as? String == label }.count == 3) }
        let jab = try #require(samples.first { $0["label"] as? String == "jab" })
        // The jab clip's jab, and the double jab's first jab (its truth is a jab until the second starts).
        #expect(jab["data"] as? Int == 2 && jab["against"] as? Int == 2, "\(jab)")
        let shifts = rows.compactMap { $0["shift"] as? Double }
        #expect(shifts.count == rows.count && shifts.contains { abs($0) > 0.1 })

        // A set against itself: every shift is 0. The text form is a table a label.
        let same = try punchcoach(["input-shift", "--data", a, "--against", a, "--labels", "jab", "--top", "2"])
        #expect(same.status == 0, "\(same.stderr)")
        #expect(same.stdout.contains("## jab (2 against 2 stretches)"), "\(same.stdout)")
        #expect(!same.stdout.contains("## hook"))
        let cells = same.stdout.split(separator: "\n").filter { $0.hasPrefix("| image") || $0.hasPrefix("| visible") || $0.hasPrefix("| position") }
        #expect(cells.count == 2 && cells.allSatisfy { $0.hasSuffix("| +0.00 |") }, "\(same.stdout)")
    }

    @Test func badInputGivesOneLine() throws {
        let scratch = try ScratchDirectory()
        let a = scratch.file("a")
        try synthesize(a, ["--clips-per-class", "1", "--subjects", "1", "--rounds", "0"])
        let missing = try punchcoach(["input-shift", "--data", a, "--against", scratch.file("nowhere")])
        #expect(missing.status != 0)
        #expect(missing.stderrLines.count == 1 && missing.stderr.contains(scratch.file("nowhere")), "\(missing.stderr)")
        let none = try punchcoach(["input-shift", "--data", a, "--against", a, "--labels", "kick"])
        #expect(none.status != 0)
        #expect(none.stderrLines.count == 1 && none.stderr.contains("no label to compare"), "\(none.stderr)")
    }
}
