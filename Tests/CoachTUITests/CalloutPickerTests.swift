import CoachTUI
import PunchKit
import Testing

@Suite struct CalloutPickerTests {
    let vocabulary = CalledPunch.vocabulary(available: ["jab", "double_jab", "cross", "hook", "uppercut", "stance", "idle"])

    func outcome(_ p: CalledPunch, correct: Bool, reaction: Double? = 400) -> PromptOutcome {
        PromptOutcome(key: PromptKey(callout: 1, position: 0), called: p, thrown: correct ? p.label : "jab",
                      correct: correct, reactionMs: reaction, speed: 5)
    }

    @Test func vocabularyNamesHandsForHooksAndUppercutsOnly() {
        #expect(vocabulary.map(\.description) == ["jab", "double jab", "cross", "lead hook", "rear hook", "lead uppercut", "rear uppercut"])
        #expect(CalledPunch.vocabulary(available: ["jab", "cross", "stance"]).map(\.label) == ["jab", "cross"])
        #expect(CalledPunch.vocabulary(available: ["jab", "bob", "idle"]).map(\.label) == ["jab", "bob"])
    }

    /// A punch with more misses is called more often: statistically, with a seeded generator.
    @Test func aPunchMissedMoreIsCalledMoreOften() {
        var picker = CalloutPicker(vocabulary: vocabulary, seed: 7)
        let hook = CalledPunch("hook", hand: .lead), jab = CalledPunch("jab")
        for _ in 0..<10 {
            for p in vocabulary where p != hook { picker.record(outcome(p, correct: true)) }
            picker.record(outcome(hook, correct: false))
        }
        #expect(picker.errorRate(hook) > 0.8)
        #expect(picker.errorRate(jab) < 0.2)
        var counts: [CalledPunch: Int] = [:]
        for _ in 0..<4000 { counts[picker.pickPunch(), default: 0] += 1 }
        let hookShare = Double(counts[hook] ?? 0) / 4000
        // Weight of the hook ≈ 11/12, of each other ≈ max(0.1, 1/12): share ≈ 0.917 / (0.917 + 6 × 0.1) ≈ 0.60.
        #expect(hookShare > 0.5 && hookShare < 0.7, "hook share \(hookShare)")
        for p in vocabulary where p != hook {
            #expect((counts[p] ?? 0) < (counts[hook] ?? 0) / 3, "\(p) called \(counts[p] ?? 0) times")
            // The floor: a punch done well is still called.
            #expect((counts[p] ?? 0) > 150, "\(p) called only \(counts[p] ?? 0) times")
        }
    }

    @Test func slowCorrectAnswersCountHalf() {
        var picker = CalloutPicker(vocabulary: [CalledPunch("jab"), CalledPunch("cross")], seed: 1)
        for _ in 0..<8 {
            picker.record(outcome(CalledPunch("jab"), correct: true, reaction: 300))
            picker.record(outcome(CalledPunch("cross"), correct: true, reaction: 900))
        }
        #expect(picker.errorRate(CalledPunch("cross")) > picker.errorRate(CalledPunch("jab")) + 0.2)
        var crosses = 0
        for _ in 0..<2000 where picker.pickPunch() == CalledPunch("cross") { crosses += 1 }
        #expect(crosses > 1200, "cross called \(crosses) of 2000")
    }

    @Test func sameSeedSameCallsAndCombosAreShort() {
        var a = CalloutPicker(vocabulary: vocabulary, seed: 42), b = CalloutPicker(vocabulary: vocabulary, seed: 42)
        for _ in 0..<50 {
            let ca = a.pickCombo(), cb = b.pickCombo()
            #expect(ca == cb)
            #expect((1...3).contains(ca.count))
            for (x, y) in zip(ca, ca.dropFirst()) where x == y { #expect(x.label == "jab", "\(ca) repeats \(x)") }
        }
    }
}
