import Foundation
import Testing

@testable import CoachStore
import PunchKit

@Suite struct QueryTests {
    /// Two sessions whose every number is worked out by hand below.
    ///
    /// Session A: jab called at 10 → jab at 10.3 (correct, 300 ms, 5 m/s); jab called at 20 → cross
    /// at 20.5 (wrong, 500 ms, 7 m/s); lead hook called at 30 → rear hook at 30.4 (wrong hand,
    /// 400 ms, 6 m/s); cross called at 40 → nothing (a miss); a free double jab (4 m/s); a free lead
    /// hook measured in torso/s (2).
    /// Session B: jab called at 5 → jab at 5.2 (200 ms, 6 m/s) and jab at 5.6 (600 ms, 7 m/s), both
    /// correct, one prompt; uppercut called at 15 → nothing.
    static func handBuilt() throws -> (HistoryStore, a: Int64, b: Int64) {
        let store = try HistoryStore.inMemory()
        let day = Date(timeIntervalSince1970: 1_735_689_600)  // 2025-01-01
        let a = try store.beginSession(WorkoutSession(startedAt: day, mode: .drill, source: "demo")).id!
        let b = try store.beginSession(WorkoutSession(startedAt: day.addingTimeInterval(86_400), mode: .drill, source: "demo")).id!
        func prompt(_ session: Int64, _ at: Double, _ label: String, hand: Hand? = nil) throws -> Int64 {
            try store.addPrompt(Prompt(sessionId: session, calledAt: at, combo: label, expectedLabel: label, expectedHand: hand)).id!
        }
        func punch(
            _ session: Int64, _ prompt: Int64?, _ label: String, _ hand: Hand, _ start: Double, _ speed: Double,
            units: String = "m/s"
        ) throws {
            try store.addPunch(
                Punch(
                    sessionId: session, promptId: prompt, label: label, hand: hand, start: start, end: start + 0.3,
                    confidence: 0.9, peakSpeed: speed, speedUnits: units))
        }
        try punch(a, try prompt(a, 10, "jab"), "jab", .lead, 10.3, 5)
        try punch(a, try prompt(a, 20, "jab"), "cross", .rear, 20.5, 7)
        try punch(a, try prompt(a, 30, "hook", hand: .lead), "hook", .rear, 30.4, 6)
        _ = try prompt(a, 40, "cross")
        try punch(a, nil, "double_jab", .lead, 50, 4)
        try punch(a, nil, "hook", .lead, 60, 2, units: "torso/s")
        let p5 = try prompt(b, 5, "jab")
        try punch(b, p5, "jab", .lead, 5.2, 6)
        try punch(b, p5, "jab", .lead, 5.6, 7)
        _ = try prompt(b, 15, "uppercut")
        return (store, a, b)
    }

    @Test func summaryPerPunch() throws {
        let (store, _, _) = try Self.handBuilt()
        let summary = try store.summary()
        #expect(summary.sessions == 2)
        #expect(summary.punches.map(\.label) == ["jab", "double_jab", "cross", "hook", "uppercut"])
        let byLabel = Dictionary(uniqueKeysWithValues: summary.punches.map { ($0.label, $0.total) })
        #expect(same(byLabel["jab"], PunchStats(count: 3, thrown: 3, prompted: 3, correct: 2, reactionMsMean: 1100.0 / 3, speedMean: 6)))
        #expect(same(byLabel["double_jab"], PunchStats(count: 1, thrown: 2, speedMean: 4)))
        #expect(same(byLabel["cross"], PunchStats(count: 1, thrown: 1, prompted: 1, correct: 0, reactionMsMean: 500, speedMean: 7)))
        #expect(
            same(
                byLabel["hook"],
                PunchStats(count: 2, thrown: 2, prompted: 1, correct: 0, reactionMsMean: 400, speedMean: 6, speedTorsoMean: 2)))
        #expect(same(byLabel["uppercut"], PunchStats(prompted: 1)))
        #expect(byLabel["jab"]?.accuracy == 2.0 / 3)
        #expect(byLabel["uppercut"]?.accuracy == 0)
        #expect(byLabel["double_jab"]?.accuracy == nil)
    }

    @Test func trendHasAPointForEverySession() throws {
        let (store, a, b) = try Self.handBuilt()
        let jab = try #require(try store.summary(label: "jab").punches.first)
        #expect(jab.trend.map(\.sessionId) == [a, b])
        #expect(jab.trend.map(\.stats.count) == [1, 2])
        #expect(jab.trend.map(\.stats.prompted) == [2, 1])
        #expect(jab.trend.map(\.stats.accuracy) == [0.5, 1])
        let series = try store.sessionSeries(lastSessions: 1)
        #expect(series.map(\.label) == ["jab", "double_jab", "cross", "hook", "uppercut"])
        #expect(series.allSatisfy { $0.points.map(\.sessionId) == [b] })
        #expect(series.first { $0.label == "double_jab" }?.points.first?.stats == PunchStats())  // not thrown in b
        #expect(try store.sessionSeries(label: "hook", lastSessions: 10).map(\.points.count) == [2])
    }

    @Test func detailSplitsHandsAndSpeeds() throws {
        let (store, _, _) = try Self.handBuilt()
        let hook = try store.detail(label: "hook")
        #expect(hook.hands.map(\.hand) == ["lead", "rear"])
        #expect(hook.hands[0].stats == PunchStats(count: 1, thrown: 1, prompted: 1, correct: 0, speedTorsoMean: 2))
        #expect(same(hook.hands[1].stats, PunchStats(count: 1, thrown: 1, reactionMsMean: 400, speedMean: 6)))
        let jab = try store.detail(label: "jab")
        let speed = try #require(jab.speed)
        #expect(speed.units == "m/s" && speed.count == 3)
        #expect([speed.min, speed.p25, speed.median, speed.p75, speed.max, speed.mean] == [5, 5.5, 6, 6.5, 7, 6])
        #expect(speed.bins.map(\.count).reduce(0, +) == 3)
        #expect(try store.detail(label: "uppercut").speed == nil)
        #expect(try store.detail(label: "uppercut").hands.isEmpty)
    }

    @Test func anEmptyHistory() throws {
        let store = try HistoryStore.inMemory()
        let summary = try store.summary()
        #expect(summary.sessions == 0 && summary.punches.isEmpty && summary.firstSession == nil)
        #expect(try store.sessionSeries().isEmpty)
        #expect(try store.summary(label: "hook").punches.map(\.total) == [PunchStats()])
    }

    /// On demo workouts, every number of the summary equals one recomputed here from the stored
    /// punches and prompts themselves.
    @Test func summaryMatchesTheStoredRecords() throws {
        let store = try HistoryStore.inMemory()
        let ids = try DemoHistory.fill(store, sessions: 3, seed: 7, lastStart: Date(timeIntervalSince1970: 1_760_000_000))
        let punches = try ids.flatMap { try store.punches(session: $0) }
        let prompts = try ids.flatMap { try store.prompts(session: $0) }
        let summary = try store.summary(lastSessions: 2)
        #expect(summary.sessions == 3)
        #expect(summary.punches.map(\.total.count).reduce(0, +) == punches.count)
        for entry in summary.punches {
            let mine = punches.filter { $0.label == entry.label }
            let called = prompts.filter { $0.expectedLabel == entry.label }
            let answered = called.filter { prompt in
                punches.contains { $0.promptId == prompt.id && $0.label == prompt.expectedLabel && (prompt.expectedHand ?? $0.hand) == $0.hand }
            }
            let reactions = mine.compactMap { punch in
                prompts.first { $0.id == punch.promptId }.map { (punch.start - $0.calledAt) * 1000 }
            }
            #expect(entry.total.count == mine.count)
            #expect(entry.total.thrown == mine.count * (entry.label == "double_jab" ? 2 : 1))
            #expect(entry.total.prompted == called.count)
            #expect(entry.total.correct == answered.count)
            if reactions.isEmpty {
                #expect(entry.total.reactionMsMean == nil)
            } else {
                #expect(abs(entry.total.reactionMsMean! - reactions.reduce(0, +) / Double(reactions.count)) < 1e-6)
            }
            let speeds = mine.compactMap(\.peakSpeed)
            #expect(abs(entry.total.speedMean! - speeds.reduce(0, +) / Double(speeds.count)) < 1e-9)
            #expect(entry.trend.map(\.sessionId) == Array(ids.suffix(2)))
            #expect(entry.trend.map(\.stats.count) == ids.suffix(2).map { id in mine.filter { $0.sessionId == id }.count })
        }
        #expect(Set(summary.punches.map(\.label)) == Set(PunchLabel.punches.map(\.rawValue)))
    }

    @Test func speedDistributionBinsCoverEverySpeed() throws {
        let speeds = [3.1, 3.3, 4.0, 4.9, 5.0, 5.2, 6.8, 8.05]
        let d = try #require(SpeedDistribution(units: "m/s", speeds: speeds))
        #expect(d.bins.first!.lower <= 3.1 && d.bins.last!.upper > 8.05)
        #expect(d.bins.map(\.count).reduce(0, +) == speeds.count)
        #expect(d.bins.count <= 9)
        #expect(SpeedDistribution(units: "m/s", speeds: []) == nil)
        let one = try #require(SpeedDistribution(units: "m/s", speeds: [5]))
        #expect(one.bins.map(\.count) == [1] && one.median == 5)
        #expect(SpeedDistribution.niceStep(0.61) == 1 && SpeedDistribution.niceStep(0.19) == 0.2)
    }
}

/// Equal counts, and means equal within 1e-6 (a reaction like (10.3 − 10) × 1000 is 300 only up
/// to rounding).
func same(_ a: PunchStats?, _ b: PunchStats) -> Bool {
    guard let a else { return false }
    func close(_ x: Double?, _ y: Double?) -> Bool {
        switch (x, y) {
        case (nil, nil): true
        case let (x?, y?): abs(x - y) < 1e-6
        default: false
        }
    }
    return a.count == b.count && a.thrown == b.thrown && a.prompted == b.prompted && a.correct == b.correct
        && close(a.reactionMsMean, b.reactionMsMean) && close(a.speedMean, b.speedMean)
        && close(a.speedTorsoMean, b.speedTorsoMean)
}
