import Testing

@testable import CoachStore

@Suite struct PromptScoringTests {
    let jab = Prompt(id: 1, sessionId: 1, calledAt: 10, combo: "jab", expectedLabel: "jab")
    let leadHook = Prompt(id: 2, sessionId: 1, calledAt: 20, combo: "hook", expectedLabel: "hook", expectedHand: .lead)

    @Test func labelDecidesCorrectness() {
        #expect(PromptScoring.isCorrect(label: "jab", hand: .lead, for: jab))
        #expect(PromptScoring.isCorrect(label: "jab", hand: .rear, for: jab))  // no hand called: either
        #expect(!PromptScoring.isCorrect(label: "cross", hand: .rear, for: jab))
        #expect(!PromptScoring.isCorrect(label: "double_jab", hand: .lead, for: jab))  // its own label
    }

    @Test func aCalledHandMustMatch() {
        #expect(PromptScoring.isCorrect(label: "hook", hand: .lead, for: leadHook))
        #expect(!PromptScoring.isCorrect(label: "hook", hand: .rear, for: leadHook))
    }

    @Test func reactionIsStartMinusCallout() {
        #expect(PromptScoring.reactionMs(start: 10.35, prompt: jab) == (10.35 - 10) * 1000)
        let punch = Punch(sessionId: 1, label: "jab", hand: .lead, start: 10.4, end: 10.7, confidence: 1, correct: false)
        let scored = PromptScoring.scored(punch, against: jab)
        #expect(scored.promptId == 1 && scored.correct == true)
        #expect(abs(scored.reactionMs! - 400) < 1e-9)
    }

    @Test func windowsGrowAlongACombo() {
        let scoring = PromptScoring(responseWindow: 2, perComboPosition: 1)
        let third = Prompt(id: 3, sessionId: 1, calledAt: 5, combo: "jab,cross,hook", position: 2, expectedLabel: "hook")
        #expect(scoring.window(for: jab) == 10...12)
        #expect(scoring.window(for: third) == 5...9)
    }

    @Test func aPunchAnswersTheEarliestOpenPromptWhoseWindowHoldsIt() {
        let scoring = PromptScoring()
        let combo = ["jab", "cross"].enumerated().map { i, label in
            Prompt(id: Int64(10 + i), sessionId: 1, calledAt: 30, combo: "jab,cross", position: i, expectedLabel: label)
        }
        #expect(scoring.answeredPrompt(start: 30.4, open: combo.reversed())?.id == 10)
        #expect(scoring.answeredPrompt(start: 30.4, open: [combo[1]])?.id == 11)
        #expect(scoring.answeredPrompt(start: 29.9, open: combo) == nil)  // before the callout
        #expect(scoring.answeredPrompt(start: 32.5, open: combo)?.id == 11)  // only the 2nd is still open
        #expect(scoring.answeredPrompt(start: 33.5, open: combo) == nil)
    }

    @Test func accuracyIsUndefinedWithoutPrompts() {
        #expect(PromptScoring.accuracy(correct: 0, prompted: 0) == nil)
        #expect(PromptScoring.accuracy(correct: 3, prompted: 4) == 0.75)
    }
}
