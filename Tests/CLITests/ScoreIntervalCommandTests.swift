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

    /// Long recordings with event truth: the event F1 and false events a minute get intervals from resampling
    /// whole recordings, which hold the pooled figures; one recording alone gets none. Each recording's own
    /// counts are listed (`events.recordings`, what tools/recipe-compare resamples paired), named by file, and
    /// add up to the pooled ones.
    @Test func eventIntervalsComeFromTwoOrMoreRecordings() throws {
        let scratch = try ScratchDirectory()
        try synthesize(scratch.file("d"), ["--clips-per-class", "1", "--subjects", "1", "--first-subject", "651", "--seed", "9",
                                           "--rounds", "3", "--round-seconds", "20"])
        // A set of long recordings: a folder of them, with their truth beside them, inside the set's folder.
        let set = scratch.file("set")
        try FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: scratch.file("d/rounds"), toPath: "\(set)/rounds")
        let r = try punchcoach(["evaluate", "--data", set, "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let events = try #require(try r.json()["events"] as? [String: Any], "\(r.stdout)")
        let f1 = try #require(events["f1"] as? Double), rate = try #require(events["false_per_minute"] as? Double)
        let f1Interval = try #require(events["f1_interval"] as? [Double]), rateInterval = try #require(events["false_per_minute_interval"] as? [Double])
        #expect(f1Interval[0] <= f1 && f1 <= f1Interval[1] && rateInterval[0] <= rate && rate <= rateInterval[1], "\(events)")
        let recordings = try #require(events["recordings"] as? [[String: Any]], "\(events)")
        #expect(recordings.count == 3 && Set(recordings.compactMap { $0["recording"] as? String }).count == 3, "\(recordings)")
        #expect(recordings.allSatisfy { ($0["recording"] as? String ?? "").hasSuffix(".csv") }, "\(recordings)")
        for key in ["true_positives", "false_positives", "false_negatives"] {
            #expect(recordings.map { $0[key] as? Int ?? -1 }.reduce(0, +) == events[key] as? Int, "\(key): \(recordings) against \(events)")
        }
        let seconds = recordings.map { $0["seconds"] as? Double ?? 0 }.reduce(0, +)
        #expect(abs(seconds / 60 - (events["minutes"] as? Double ?? 0)) < 1e-9, "\(recordings)")

        let one = scratch.file("one")
        try FileManager.default.createDirectory(atPath: "\(one)/rounds", withIntermediateDirectories: true)
        let round = try #require(try FileManager.default.contentsOfDirectory(atPath: "\(set)/rounds")
            .sorted().first { $0.hasSuffix(".csv") && !$0.hasSuffix(".events.csv") })
        for file in [round, round.replacingOccurrences(of: ".csv", with: ".events.csv")] {
            try FileManager.default.copyItem(atPath: "\(set)/rounds/\(file)", toPath: "\(one)/rounds/\(file)")
        }
        let single = try punchcoach(["evaluate", "--data", one, "--json"])
        let alone = try #require(try single.json()["events"] as? [String: Any], "\(single.stderr)")
        #expect(alone["f1"] != nil && alone["f1_interval"] == nil && alone["false_per_minute_interval"] == nil, "\(alone)")
    }
}
