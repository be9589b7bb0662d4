import Testing
@testable import PunchKit

/// Other people's label words read against the model's classes: spelt otherwise, with the hand or target
/// beside the punch, by another name, naming a family the data does not split, or saying no punch.
@Suite struct TruthLabelReadingTests {
    let classes = PunchLabel.allCases.map(\.rawValue)

    @Test func labelsSaidOtherwiseAreReadAsTheClasses() {
        let r = TruthLabelReading(labels: ["Jab", "Double Jab", "lead_hook", "rear uppercut", "body-jab", "stance", "spinning_kick",
                                           "Upper-Cut", "DoubleJab", "southpaw jab", "hook to the body", "Guard", "walking", "Back Fist"],
                                  classes: classes)
        #expect(r.renamed == ["Jab": "jab", "Double Jab": "double_jab", "lead_hook": "hook", "rear uppercut": "uppercut", "body-jab": "jab",
                              "spinning_kick": "idle", "Upper-Cut": "uppercut", "DoubleJab": "double_jab", "southpaw jab": "jab",
                              "hook to the body": "hook", "Guard": "stance", "walking": "idle", "Back Fist": "idle"])
        #expect(r.families.isEmpty && r.unread.isEmpty)
        #expect(r.read("stance") == "stance")
        #expect(r.lines.contains("label 'lead_hook' read as 'hook'"))
        // A model without idle: a kick is nothing it knows.
        #expect(TruthLabelReading(labels: ["kick"], classes: ["jab", "cross", "stance"]).unread == ["kick"])
    }

    @Test func aFamilyTheDataDoesNotSplitIsScoredAsOne() throws {
        let r = TruthLabelReading(labels: ["Straight", "hook", "straight punch"], classes: classes)
        #expect(r.renamed == ["Straight": "straight", "straight punch": "straight"])
        #expect(r.families == [LabelMerge.Family(name: "straight", members: ["jab", "double_jab", "cross"])])
        let any = TruthLabelReading(labels: ["Punch", "body shot", "stance"], classes: classes)
        #expect(any.renamed == ["Punch": "punch", "body shot": "punch"])
        #expect(any.families == [LabelMerge.Family(name: "punch", members: ["jab", "double_jab", "cross", "hook", "uppercut"])])
        // A model without double jabs: the family holds what the model has.
        let mine = TruthLabelReading(labels: ["straight"], classes: ["jab", "cross", "stance"])
        #expect(mine.families == [LabelMerge.Family(name: "straight", members: ["jab", "cross"])])
        // Families that nest are scored by the coarser, whichever comes first: a class is in one family only.
        let punch = LabelMerge.Family(name: "punch", members: ["jab", "double_jab", "cross", "hook", "uppercut"])
        for labels in [["straight", "body shot", "hook"], ["Straight", "punch"]] {
            let nested = TruthLabelReading(labels: labels, classes: classes)
            #expect(nested.families == [punch] && nested.unread.isEmpty, "\(labels)")
            #expect(Set(labels.filter { $0 != "hook" && $0 != "punch" }.map(nested.read)) == ["punch"], "\(labels)")
            #expect(throws: Never.self) { try nested.merge() }
        }
        // The user's own --merge rules: nothing is added beside it.
        let given = try LabelMerge(parsing: ["straight=jab,cross"])
        #expect(TruthLabelReading(labels: ["straight"], classes: classes, given: given).isEmpty)
    }

    @Test func noPunchIsIdleBesideAGuardOfTheSetsOwnElseEitherBackgroundClass() throws {
        // The set names its guard: its "none" and its blocks are what is neither guard nor punch.
        let guarded = TruthLabelReading(labels: ["jab", "guard", "none", "Block"], classes: classes)
        #expect(guarded.renamed == ["guard": "stance", "none": "idle", "Block": "idle"] && guarded.families.isEmpty)
        // It does not: either background class is no punch, scored as one family on both sides.
        let plain = TruthLabelReading(labels: ["jab", "no_punch", "Background", "slip"], classes: classes)
        #expect(plain.renamed == ["Background": "no_punch", "slip": "no_punch"])
        #expect(plain.families == [LabelMerge.Family(name: "no_punch", members: ["stance", "idle"])])
        #expect(try plain.merge().map(["stance", "idle", "jab"]) == ["no_punch", "jab"])
        // The user's own family of the background classes: nothing is added beside it.
        let given = try LabelMerge(parsing: ["rest=stance,idle"])
        #expect(TruthLabelReading(labels: ["none"], classes: classes, given: given).unread == ["none"])
    }

    @Test func aLabelReadAsNothingIsSaidWithWhatToDo() {
        let r = TruthLabelReading(labels: ["overhand", "left", "jab"], classes: classes)
        #expect(r.unread == ["left", "overhand"] && r.renamed.isEmpty && r.read("overhand") == "overhand")
        #expect(r.lines == [
            "label 'left' is none of the model's classes (jab, double_jab, cross, hook, uppercut, stance, idle) and was not read as one: "
                + "what it labels counts as missed; say what it is with --merge left=CLASS[,CLASS]",
            "label 'overhand' is none of the model's classes (jab, double_jab, cross, hook, uppercut, stance, idle) and was not read as one: "
                + "what it labels counts as missed; say what it is with --merge overhand=CLASS[,CLASS]",
        ])
    }
}
