import Testing
@testable import PunchDetect
import PunchKit

/// `EventMatcher`, the metric behind the README's event figures, on hand-built events. Times are
/// binary fractions so every sum is exact and the expectations can compare with `==`.
@Suite struct EventMatcherTests {
    static let punches: Set<String> = ["jab", "double_jab", "cross", "hook", "uppercut"]

    func truth(_ start: Double, _ end: Double, _ label: String = "jab", _ hand: Hand = .lead) -> PunchEvent {
        PunchEvent(start: start, end: end, label: label, hand: hand, confidence: 1, peakSpeed: 0)
    }

    func found(_ start: Double, _ end: Double, _ label: String = "jab", emitted: Double? = nil, hand: Hand = .lead) -> DetectedEvent {
        DetectedEvent(event: PunchEvent(start: start, end: end, label: label, hand: hand, confidence: 0.9, peakSpeed: 3),
                      emittedAt: emitted ?? end + 0.25, speedInMetres: true)
    }

    func score(_ detected: [DetectedEvent], _ truth: [PunchEvent], tolerance: Double = 0.3, seconds: Double? = nil) -> EventScore {
        EventMatcher.score(detected: detected, truth: truth, punchLabels: Self.punches, tolerance: tolerance, seconds: seconds)
    }

    /// Both events are widened by the tolerance; touching the widened edge still counts.
    @Test func aDetectionMatchesWithinTheToleranceEdgesIncluded() {
        let t = [truth(10, 10.5)]
        #expect(score([found(10.75, 11)], t, tolerance: 0.25).truePositives == 1)    // starts at end + tolerance
        #expect(score([found(9.5, 9.75)], t, tolerance: 0.25).truePositives == 1)    // ends at start − tolerance
        #expect(score([found(10.875, 11)], t, tolerance: 0.25).truePositives == 0)   // starts after it
        #expect(score([found(9.5, 9.625)], t, tolerance: 0.25).truePositives == 0)   // ends before it
        // The default window is ±0.3 s.
        #expect(score([found(10.78, 11)], t).truePositives == 1)
        #expect(score([found(10.82, 11)], t).truePositives == 0)
    }

    /// The label must be the truth's; the hand is not compared.
    @Test func labelsMustAgreeHandsNeedNot() {
        let t = [truth(1, 1.5, "jab", .lead)]
        let wrongLabel = score([found(1, 1.5, "cross")], t)
        #expect(wrongLabel.truePositives == 0 && wrongLabel.falsePositives == 1 && wrongLabel.falseNegatives == 1)
        #expect(wrongLabel.confusedWith == ["jab": ["cross": 1]])
        #expect(wrongLabel.perLabel == ["jab": [0, 1]])
        let wrongHand = score([found(1, 1.5, "jab", hand: .rear)], t)
        #expect(wrongHand.truePositives == 1 && wrongHand.falsePositives == 0)
        #expect(wrongHand.perLabel == ["jab": [1, 1]])
    }

    /// Two detections of one punch: the one whose centre is closer is the match (its latency is
    /// the one kept), the other a false event.
    @Test func oneTruthMatchesOneDetectionTheClosestCentre() {
        let s = score([found(4.75, 5.25, emitted: 6), found(5.125, 5.5, emitted: 5.75)], [truth(5, 5.5)])
        #expect(s.truePositives == 1 && s.falsePositives == 1 && s.falseNegatives == 0)
        #expect(s.latenciesMs == [250])  // 5.75 − 5.5, not 6 − 5.5
        #expect(s.precision == 0.5 && s.recall == 1)
        #expect(abs(s.f1 - 2.0 / 3) < 1e-15)
        #expect(s.countError == 1)  // 2 events for 1
    }

    /// A detection overlapping two truths goes to the closer centre; the matching is greedy, so the
    /// other truth stays missed even where a second detection could have taken the first's place.
    @Test func aDetectionBetweenTwoTruthsGoesToTheCloserGreedily() {
        let t = [truth(0, 0.25), truth(0.5, 0.75)]  // centres 0.125 and 0.625
        let d = [found(0.3, 0.5, emitted: 1), found(0.75, 1)]  // centres 0.4 (gaps 0.275, 0.225) and 0.875
        let s = score(d, t)
        #expect(s.truePositives == 1 && s.falsePositives == 1 && s.falseNegatives == 1)
        #expect(s.latenciesMs == [250])  // matched to the second truth (ends 0.75), not the first (ends 0.25)
        #expect(s.perLabel == ["jab": [1, 2]])
        #expect(s.confusedWith == ["jab": ["jab": 1]])  // the missed truth had a jab near it, taken by the other
    }

    /// Overlapping truths of two labels and detections overlapping both: each pairs with its own label.
    @Test func overlappingEventsPairByLabel() {
        let t = [truth(2, 2.5, "jab"), truth(2.25, 2.75, "cross", .rear)]
        let d = [found(2.25, 2.75, "jab"), found(2, 2.5, "cross")]
        let s = score(d, t)
        #expect(s.truePositives == 2 && s.falsePositives == 0 && s.falseNegatives == 0)
        #expect(s.perLabel == ["jab": [1, 1], "cross": [1, 1]])
        #expect(s.latenciesMs == [0, 500])  // jab: 3 − 2.5; cross: 2.75 − 2.75
    }

    /// A double jab is one event: a double jab matches it with no count error; two jabs for it are two
    /// false events, a miss, and a count error of 100 %.
    @Test func aDoubleJabIsOneEvent() {
        let t = [truth(2, 2.625, "double_jab")]
        let one = score([found(2, 2.625, "double_jab")], t)
        #expect(one.truePositives == 1 && one.countError == 0)
        let two = score([found(2, 2.25), found(2.375, 2.625)], t)
        #expect(two.truePositives == 0 && two.falsePositives == 2 && two.falseNegatives == 1)
        #expect(two.countError == 1)
        #expect(two.confusedWith == ["double_jab": ["jab": 1]])
    }

    /// Truth states (idle) and detected states (stance, idle) are neither matched nor counted, nor is
    /// any label outside `punchLabels`; a non-standard label inside it is scored like the others.
    @Test func labelsOutsidePunchLabelsAreIgnored() {
        let t = [truth(0, 30, "idle", .none), truth(5, 5.5, "straight"), truth(10, 10.5, "kick")]
        let d = [found(1, 1.5, "stance"), found(2, 2.5, "idle"), found(5, 5.5, "straight"), found(10, 10.5, "kick")]
        let s = score(d, t, seconds: 60)
        #expect(s.truePositives == 0 && s.falsePositives == 0 && s.falseNegatives == 0)
        #expect(s.perLabel.isEmpty && s.precision == 1 && s.recall == 1 && s.falsePerMinute == 0)
        let custom = EventMatcher.score(detected: d, truth: t, punchLabels: ["straight"])
        #expect(custom.truePositives == 1 && custom.falsePositives == 0 && custom.perLabel == ["straight": [1, 1]])
    }

    @Test func noTruthAndNoDetectionsIsPerfect() {
        let s = score([], [], seconds: 60)
        #expect(s.precision == 1 && s.recall == 1 && s.f1 == 1 && s.countError == 0)
        #expect(s.latencyMedianMs == nil && s.latenciesMs.isEmpty)
        #expect(s.minutes == 1 && s.falsePerMinute == 0)
    }

    /// Without truth every detection is false; the count error is then the number of detections.
    @Test func detectionsWithoutTruth() {
        let s = score([found(1, 1.5), found(3, 3.5, "hook"), found(5, 5.5, "cross")], [truth(0, 60, "idle", .none)], seconds: 90)
        #expect(s.falsePositives == 3 && s.truePositives == 0)
        #expect(s.precision == 0 && s.recall == 1 && s.f1 == 0)
        #expect(s.countError == 3)
        #expect(s.minutes == 1.5 && s.falsePerMinute == 2)
    }

    @Test func truthWithoutDetections() {
        let s = score([], [truth(1, 1.5), truth(3, 3.5, "uppercut", .rear)])
        #expect(s.falseNegatives == 2 && s.precision == 0 && s.recall == 0 && s.f1 == 0 && s.countError == 1)
        #expect(s.confusedWith == ["jab": ["nothing": 1], "uppercut": ["nothing": 1]])
        #expect(s.latencyMedianMs == nil && s.minutes == nil && s.falsePerMinute == nil)
    }

    /// A missed truth is "confused with" the first detection near it, in stream order, whatever its label.
    @Test func aMissIsConfusedWithTheFirstDetectionNearIt() {
        let s = score([found(7.25, 7.5, "cross"), found(7, 7.5, "jab")], [truth(7, 7.5, "hook")])
        #expect(s.confusedWith == ["hook": ["cross": 1]])
    }

    /// Precision over detections, recall over truth, F1 their harmonic mean, count error over truth.
    @Test func ratesOfAPartialMatch() {
        let t = [truth(1, 1.5), truth(3, 3.5, "hook"), truth(5, 5.5, "cross")]
        let d = [found(1, 1.5), found(3, 3.5, "hook"), found(8, 8.5), found(9, 9.5, "uppercut")]
        let s = score(d, t, seconds: 30)
        #expect(s.truePositives == 2 && s.falsePositives == 2 && s.falseNegatives == 1)
        #expect(s.precision == 0.5)
        #expect(abs(s.recall - 2.0 / 3) < 1e-15)
        #expect(abs(s.f1 - 4.0 / 7) < 1e-15)
        #expect(abs(s.countError - 1.0 / 3) < 1e-15)
        #expect(s.falsePerMinute == 4)  // 2 false in half a minute
    }

    /// Latency: emitted − truth end per match, sorted; the median of an even count is the mean of the
    /// middle two. A recording of length 0 has no false-event rate.
    @Test func latencyIsTheMedianOfEmittedMinusTruthEnd() {
        let t = (0..<4).map { truth(Double($0) * 10, Double($0) * 10 + 0.5) }
        let emittedAfter = [0.125, 0.375, -0.0625, 0.25]
        let d = t.indices.map { found(t[$0].start, t[$0].end, emitted: t[$0].end + emittedAfter[$0]) }
        let even = score(d, t, seconds: 0)
        #expect(even.latenciesMs == [-62.5, 125, 250, 375])
        #expect(even.latencyMedianMs == 187.5)
        #expect(even.minutes == 0 && even.falsePerMinute == nil)
        let odd = score(Array(d.prefix(3)), t)
        #expect(odd.latencyMedianMs == 125)
    }
}
