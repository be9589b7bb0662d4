import Testing
@testable import PunchKit

@Suite struct MetricsTests {
    /// A hand-computed example. Truth a: 5 (4 → a, 1 → b); b: 3 (1 → a, 2 → b); c: 2 (both → b).
    /// a: P = 4/5, R = 4/5, F1 = 0.8. b: P = 2/5, R = 2/3, F1 = 0.5. c: P = 0 (never predicted), R = 0, F1 = 0.
    @Test func reportMatchesHandComputation() {
        var m = ConfusionMatrix(labels: ["a", "b", "c"])
        for (t, p, n) in [("a", "a", 4), ("a", "b", 1), ("b", "a", 1), ("b", "b", 2), ("c", "b", 2)] {
            for _ in 0..<n { m.add(truth: t, predicted: p) }
        }
        let r = ClassificationReport(m)
        #expect(m.counts == [[4, 1, 0], [1, 2, 0], [0, 2, 0]])
        #expect(r.accuracy == 0.6)
        let a = r.scores(for: "a")!, b = r.scores(for: "b")!, c = r.scores(for: "c")!
        #expect(abs(a.precision - 0.8) < 1e-12 && abs(a.recall - 0.8) < 1e-12 && abs(a.f1 - 0.8) < 1e-12)
        #expect(abs(b.precision - 0.4) < 1e-12 && abs(b.recall - 2.0 / 3) < 1e-12 && abs(b.f1 - 0.5) < 1e-12)
        #expect(c.precision == 0 && c.recall == 0 && c.f1 == 0 && c.support == 2)
        #expect(abs(r.macroPrecision - 0.4) < 1e-12)
        #expect(abs(r.macroRecall - (0.8 + 2.0 / 3) / 3) < 1e-12)
        #expect(abs(r.macroF1 - 1.3 / 3) < 1e-12)
        #expect(r.confusions(of: "c").first!.label == "b" && r.confusions(of: "c").first!.count == 2)
        #expect(r.markdown().contains("| a | 0.800 | 0.800 | 0.800 | 5 |"))
    }

    @Test func classesWithoutSupportStayOutOfTheMacroAverage() {
        var m = ConfusionMatrix(labels: ["a", "b"])
        m.add(truth: 0, predicted: 0, count: 3)
        m.add(truth: 0, predicted: 1, count: 1)
        let r = ClassificationReport(m)
        #expect(r.macroRecall == 0.75)
        #expect(r.scores(for: "b")!.precision == 0)
    }

    /// McNemar's exact test against the binomial law by hand: 0 against 3 disagreements is 2 · (1/2)³ = 0.25; 1 against
    /// 9 is 2 · (1 + 10) / 2¹⁰; an even split, or no disagreement, is 1; the order of the two counts does not matter.
    @Test func mcNemarsExactTestIsTheBinomialTail() {
        #expect(abs(McNemarExactTest.pValue(onlyFirst: 0, onlySecond: 3) - 0.25) < 1e-12)
        #expect(abs(McNemarExactTest.pValue(onlyFirst: 9, onlySecond: 1) - 22.0 / 1024) < 1e-12)
        #expect(abs(McNemarExactTest.pValue(onlyFirst: 1, onlySecond: 9) - 22.0 / 1024) < 1e-12)
        #expect(McNemarExactTest.pValue(onlyFirst: 5, onlySecond: 5) == 1)
        #expect(McNemarExactTest.pValue(onlyFirst: 0, onlySecond: 0) == 1)
        #expect(McNemarExactTest.pValue(onlyFirst: 0, onlySecond: 6) < 0.05 && McNemarExactTest.pValue(onlyFirst: 0, onlySecond: 5) > 0.05)
    }
}
