import Foundation
import TestSupport
import Testing

/// `punchcoach tune-detector` on a tiny synthetic validation set (subjects the model never saw).
@Suite struct TuneDetectorCommandTests {
    /// Every setting of the grid is measured; classifying every k-th frame makes events later (a punch
    /// is seen at the next classified frame) and the classifier cheaper.
    @Test func measuresEverySettingAndTheStrideTradesLatencyForCost() throws {
        let scratch = try ScratchDirectory()
        try synthesize(scratch.file("val"), ["--clips-per-class", "2", "--subjects", "2", "--first-subject", "201", "--rounds", "1", "--round-seconds", "20", "--seed", "13"])
        let r = try punchcoach(["tune-detector", "--data", scratch.file("val"), "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let settings = try #require(try r.json()["settings"] as? [[String: Any]])
        #expect(settings.count == 25)
        for s in settings {
            let f1 = try #require(s["clipMacroF1"] as? Double)
            #expect((0...1).contains(f1))
        }
        // The first rows vary only the stride k = 1…4 around the defaults.
        let strides = settings.prefix(4)
        #expect(strides.map { $0["stride"] as? Int } == [1, 2, 3, 4])
        let latency = strides.compactMap { $0["latencyMedianMs"] as? Double }
        let cost = strides.compactMap { $0["classifierMsPerStreamSecond"] as? Double }
        #expect(latency.count == 4 && cost.count == 4)
        #expect(latency.last! > latency.first!, "latency by k: \(latency)")
        #expect(zip(cost, cost.dropFirst()).allSatisfy { $0 > $1 }, "cost by k: \(cost)")
    }

    @Test func aMissingFolderIsOneClearLine() throws {
        let scratch = try ScratchDirectory()
        let r = try punchcoach(["tune-detector", "--data", scratch.file("nowhere")])
        #expect(r.status != 0)
        #expect(r.stderrLines.count == 1 && r.stderr.contains(scratch.file("nowhere")), "\(r.stderr)")
    }
}
