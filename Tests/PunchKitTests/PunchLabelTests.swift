import Testing
@testable import PunchKit

/// The one label vocabulary every stage reads.
@Suite struct PunchLabelTests {
    @Test func theStandardClassesInTheOrderOfTheBrief() {
        #expect(PunchLabel.allCases.map(\.rawValue) == ["jab", "double_jab", "cross", "hook", "uppercut", "stance", "idle"])
        #expect(PunchLabel.punches.allSatisfy { $0.isPunch })
        #expect(PunchLabel.background.allSatisfy { !$0.isPunch })
        #expect(Set(PunchLabel.punches + PunchLabel.background) == Set(PunchLabel.allCases))
    }

    @Test func handsAndPunchesPerEvent() {
        #expect(PunchLabel.jab.impliedHand == .lead && PunchLabel.doubleJab.impliedHand == .lead)
        #expect(PunchLabel.cross.impliedHand == .rear)
        #expect(PunchLabel.hook.impliedHand == nil && PunchLabel.uppercut.impliedHand == nil)
        #expect(PunchLabel.impliedHand("double_jab") == .lead && PunchLabel.impliedHand("spinning_backfist") == nil)
        #expect(PunchLabel.punchesPerEvent("double_jab") == 2 && PunchLabel.punchesPerEvent("jab") == 1)
        #expect(PunchLabel.punchesPerEvent("body_shot") == 1)  // a trained class is one punch an event
        #expect(PunchLabel.spoken("double_jab") == "double jab")
    }

    /// A model's classes and the history's tables: the standard labels first in their order, then the
    /// others A–Z, each once.
    @Test func orderedPutsTheStandardLabelsFirst() {
        #expect(PunchLabel.ordered(["idle", "body_shot", "cross", "jab", "cross", "Aardvark", "stance"])
                == ["jab", "cross", "stance", "idle", "Aardvark", "body_shot"])
        #expect(PunchLabel.ordered([String]()) == [])
    }
}
