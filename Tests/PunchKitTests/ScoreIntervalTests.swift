import Testing
@testable import PunchKit

/// 95 % intervals of a set's scores: Wilson for a recall, a bootstrap within each true class for macro-F1.
@Suite struct ScoreIntervalTests {
    /// Wilson's interval at the textbook points (Brown, Cai & DasGupta 2001): it stays inside [0, 1] and is not
    /// empty at 0 of n or n of n, where the normal approximation collapses to a point.
    @Test func wilsonMatchesItsFormulaAtTheEdgesAndTheMiddle() throws {
        let none = try #require(ScoreInterval.wilson(successes: 0, trials: 10))
        #expect(none.low == 0 && abs(none.high - 0.27754) < 1e-4)
        let all = try #require(ScoreInterval.wilson(successes: 10, trials: 10))
        #expect(abs(all.low - 0.72246) < 1e-4 && abs(all.high - 1) < 1e-12)
        let half = try #require(ScoreInterval.wilson(successes: 5, trials: 10))
        #expect(abs(half.low - 0.23659) < 1e-4 && abs(half.high - 0.76341) < 1e-4)
        #expect(ScoreInterval.wilson(successes: 0, trials: 0) == nil)
    }

    /// A resample keeps every class's support, and draws only predictions its row holds.
    @Test func aResampleKeepsEachClassesSupport() {
        let m = ConfusionMatrix(labels: ["a", "b", "c"], counts: [[4, 1, 0], [1, 2, 0], [0, 0, 0]])
        var rng = SeededRandom(seed: 3)
        for _ in 0..<50 {
            let r = m.resampledByTruth(&rng)
            #expect(r.counts.map { $0.reduce(0, +) } == [5, 3, 0])
            #expect(r.counts[0][2] == 0 && r.counts[1][2] == 0)
        }
    }

    /// The interval holds the score, is a point when every clip is right, narrows with ten times the clips
    /// of the same confusions, and reads the same every time (a fixed seed).
    @Test func theMacroF1IntervalHoldsTheScoreAndNarrowsWithMoreClips() throws {
        let perfect = ClassificationReport(ConfusionMatrix(labels: ["a", "b"], counts: [[6, 0], [0, 4]]))
        #expect(perfect.macroF1Interval() == ScoreInterval(low: 1, high: 1))
        let counts = [[8, 2, 0], [3, 6, 1], [1, 1, 3]]
        let small = ClassificationReport(ConfusionMatrix(labels: ["a", "b", "c"], counts: counts))
        let large = ClassificationReport(ConfusionMatrix(labels: ["a", "b", "c"], counts: counts.map { $0.map { $0 * 10 } }))
        let s = try #require(small.macroF1Interval()), l = try #require(large.macroF1Interval())
        #expect(s.low < small.macroF1 && small.macroF1 < s.high, "\(s) around \(small.macroF1)")
        #expect(l.low < large.macroF1 && large.macroF1 < l.high, "\(l) around \(large.macroF1)")
        #expect(l.high - l.low < (s.high - s.low) / 2, "\(l) against \(s)")
        #expect(small.macroF1Interval() == s && small.macroF1Interval(seed: 2) != s)
        #expect(ClassificationReport(ConfusionMatrix(labels: ["a"])).macroF1Interval() == nil)
        #expect(small.recallIntervals == [ScoreInterval.wilson(successes: 8, trials: 10), ScoreInterval.wilson(successes: 6, trials: 10),
                                          ScoreInterval.wilson(successes: 3, trials: 5)])
    }

    /// Event intervals resample whole recordings: none for one recording, a point when every recording reads
    /// alike, and around the pooled figures otherwise.
    @Test func eventIntervalsResampleWholeRecordings() throws {
        let a = RecordingEventCounts(truePositives: 4, falsePositives: 1, falseNegatives: 1, seconds: 60)
        #expect(RecordingEventCounts.intervals([a]) == nil)
        let same = try #require(RecordingEventCounts.intervals([a, a, a]))
        #expect(abs(same.f1.low - 0.8) < 1e-12 && abs(same.f1.high - 0.8) < 1e-12)
        #expect(abs(same.falsePerMinute.low - 1) < 1e-12 && abs(same.falsePerMinute.high - 1) < 1e-12)
        let b = RecordingEventCounts(truePositives: 1, falsePositives: 5, falseNegatives: 3, seconds: 120)
        let mixed = [a, b, a, b, a]
        let r = try #require(RecordingEventCounts.intervals(mixed))
        let f1 = RecordingEventCounts.f1(mixed), rate = RecordingEventCounts.falsePerMinute(mixed)
        #expect(abs(f1 - 28.0 / 50) < 1e-12 && abs(rate - 13.0 / 7) < 1e-12)
        #expect(r.f1.low < f1 && f1 < r.f1.high && r.falsePerMinute.low < rate && rate < r.falsePerMinute.high, "\(r)")
        // Nothing to find and nothing found is a perfect score, as EventMatcher gives it.
        #expect(RecordingEventCounts.f1([RecordingEventCounts(truePositives: 0, falsePositives: 0, falseNegatives: 0, seconds: 10)]) == 1)
    }
}
