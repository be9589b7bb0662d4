import Foundation
import TestSupport
import Testing

/// What became of each run of punch probability, as a user reads it: `classify --runs-out` lists every run
/// (its `event` rows are the events of `--events-out`, the others name the rules that dropped them), and
/// `evaluate --json` counts them per truth label and over the long recordings.
@Suite(.enabled(if: coachModel != nil, "needs a model (Weights/punch-classifier.model or $PUNCHCOACH_MODEL)"))
struct RunLogTests {
    static let rules: Set<String> = ["idle_before", "settling", "walking", "kick", "too_short", "weak_punch", "unsure_label", "same_punch"]

    @Test func classifyListsEveryRunAndWhatBecameOfIt() throws {
        let dir = try ScratchDirectory()
        try synthesize(dir.file("d"), ["--clips-per-class", "1", "--subjects", "1", "--rounds", "1", "--round-seconds", "30", "--seed", "5"])
        let rounds = try FileManager.default.contentsOfDirectory(atPath: dir.file("d/rounds"))
        let round = try #require(rounds.first { $0.hasSuffix(".csv") && !$0.hasSuffix(".events.csv") })
        let r = try punchcoach(["classify", dir.file("d/rounds/\(round)"), "--model", coachModel!,
                                "--runs-out", dir.file("runs.csv"), "--events-out", dir.file("events.csv")])
        #expect(r.status == 0, "\(r.stderr)")
        let runs = try String(contentsOfFile: dir.file("runs.csv"), encoding: .utf8).split(separator: "\n").map(String.init)
        let events = try String(contentsOfFile: dir.file("events.csv"), encoding: .utf8).split(separator: "\n").dropFirst()
        #expect(runs.first == "start,end,label,punch_probability,label_probability,verdict")
        let rows = runs.dropFirst().map { $0.split(separator: ",").map(String.init) }
        #expect(rows.allSatisfy { $0.count == 6 })
        let kept = rows.filter { $0.last == "event" }
        #expect(kept.count == events.count && events.count >= 3, "\(kept.count) event rows, \(events.count) events")
        // Every other row names the rules that dropped it, and only known ones.
        let dropped = rows.filter { $0.last != "event" }
        #expect(!dropped.isEmpty)
        #expect(dropped.allSatisfy { $0.last!.split(separator: "+").allSatisfy { Self.rules.contains(String($0)) } })
    }

    @Test func evaluateCountsTheRunsPerTruthLabel() throws {
        let dir = try ScratchDirectory()
        try synthesize(dir.file("d"), ["--clips-per-class", "2", "--subjects", "1", "--rounds", "1", "--round-seconds", "20", "--seed", "6"])
        let r = try punchcoach(["evaluate", "--data", dir.file("d"), "--model", coachModel!, "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let runs = try #require(json["runs"] as? [String: Any])
        let byTruth = try #require(runs["clips_by_truth"] as? [String: [String: Any]])
        let jab = try #require(byTruth["jab"])
        #expect((jab["runs"] as? Int ?? 0) >= (jab["events"] as? Int ?? -1))
        #expect((jab["events"] as? Int ?? 0) >= 1)
        let recordings = try #require(runs["recordings"] as? [String: Any])
        #expect((recordings["events"] as? Int ?? 0) >= 1)
        #expect(Set((recordings["dropped_by"] as? [String: Int] ?? [:]).keys).isSubset(of: Self.rules))
    }
}
