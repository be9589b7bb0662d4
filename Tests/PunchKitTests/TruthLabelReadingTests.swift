import Testing
@testable import PunchKit

/// Other people's label words read against the model's classes: spelt otherwise, with the hand or target
/// beside the punch, or naming a family the data does not split.
@Suite struct TruthLabelReadingTests {
    let classes = PunchLabel.allCases.map(\.rawValue)

    @Test func labelsSaidOtherwiseAreReadAsTheClasses() {
        let r = TruthLabelReading(labels: ["Jab", "Double Jab", "lead_hook", "rear uppercut", "body-jab", "stance", "spinning_kick"],
                                  classes: classes)
        #expect(r.renamed == ["Jab": "jab", "Double Jab": "double_jab", "lead_hook": "hook", "rear uppercut": "uppercut", "body-jab": "jab"])
        #expect(r.families.isEmpty)
        #expect(r.read("spinning_kick") == "spinning_kick" && r.read("stance") == "stance")
        #expect(r.lines.contains("label 'lead_hook' read as 'hook'"))
    }

    @Test func aFamilyTheDataDoesNotSplitIsScoredAsOne() throws {
        let r = TruthLabelReading(labels: ["Straight", "hook", "Punch"], classes: classes)
        #expect(r.renamed == ["Straight": "straight", "Punch": "punch"])
        #expect(r.families == [LabelMerge.Family(name: "punch", members: ["jab", "double_jab", "cross", "hook", "uppercut"]),
                               LabelMerge.Family(name: "straight", members: ["jab", "double_jab", "cross"])])
        // A model without double jabs: the family holds what the model has.
        let mine = TruthLabelReading(labels: ["straight"], classes: ["jab", "cross", "stance"])
        #expect(mine.families == [LabelMerge.Family(name: "straight", members: ["jab", "cross"])])
        // The user's own --merge rules: nothing is added beside it.
        let given = try LabelMerge(parsing: ["straight=jab,cross"])
        #expect(TruthLabelReading(labels: ["straight"], classes: classes, given: given).isEmpty)
    }
}
