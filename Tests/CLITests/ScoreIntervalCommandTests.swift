import Foundation
import TestSupport
import Testing

/// `evaluate` gives each score its 95 % interval: macro-F1 in the JSON's `macro.f1_interval` and a line of the
/// Markdown, each class's recall in `recall_interval` (none for a class without clips).
@Suite struct ScoreIntervalCommandTests {
    @Test func evaluateGivesIntervalsThatHoldTheScores() throws {
        let scratch = try ScratchDirectory()
        try synthesize(scratch.file("d"), ["--clips-per-class", "2", "--subjects", "1", "--first-subject", "641", "--seed", "8"])
        let r = try punchcoach(["evaluate", "--data", scratch.file("d"), "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try r.json()
        let macro = try #require(json["macro"] as? [String: Any])
        let f1 = try #require(macro["f1"] as? Double), interval = try #require(macro["f1_interval"] as? [Double])
        #expect(interval.count == 2 && interval[0] <= f1 && f1 <= interval[1], "\(interval) around \(f1)")
        let classes = try #require(json["classes"] as? [[String: Any]])
        #expect(classes.count == 7)
        for c in classes {
            let recall = try #require(c["recall"] as? Double), support = try #require(c["support"] as? Int)
            let bounds = try #require(c["recall_interval"] as? [Double], "\(c)")
            #expect(support == 2 && bounds[0] <= recall && recall <= bounds[1] && bounds[1] - bounds[0] > 0.3, "\(c)")
        }
        let text = try punchcoach(["evaluate", "--data", scratch.file("d")])
        #expect(text.stdout.contains(String(format: "Macro-F1 95 %% interval: %.3f–%.3f", interval[0], interval[1])), "\(text.stdout)")
    }
}
