import Testing
import PunchDetect

/// `RunLeader`: when a run of punch probability holds a second punch (a combination), scripted step by step.
@Suite struct RunLeaderTests {
    // Class indices as the shipped model orders them.
    static let jab = 0, doubleJab = 1, cross = 2, hook = 3
    static func sameFamily(_ a: Int, _ b: Int) -> Bool { Set([a, b]).isSubset(of: [jab, doubleJab]) }

    /// Steps of (leading class, its probability); the index of the first step that splits, if any.
    static func firstSplit(_ steps: [(Int, Float)]) -> Int? {
        var leader = RunLeader(leader: steps[0].0, probability: steps[0].1, splitProbability: 0.5, splitLeaderSteps: 3)
        for (i, (lead, p)) in steps.enumerated().dropFirst() {
            if leader.splits(to: lead, probability: p, sameFamily: sameFamily) { return i }
            leader.advance(lead: lead, probability: p)
        }
        return nil
    }

    /// PRECOG's precog_s05_seq1 (the shipped model's smoothed probabilities): the cross leads surely, the jab
    /// takes the lead unsure (0.47) and then surely (0.55). The split comes at 0.55; the rule before the
    /// sixteenth stop, which needed the jab sure on its first step in the lead, never split, and the two punches
    /// closed as one run too unsure to be either.
    @Test func aGradualHandOverSplitsWhenTheNewPunchIsSure() {
        let cross = Self.cross, jab = Self.jab
        #expect(Self.firstSplit([(cross, 0.6), (cross, 0.95), (cross, 0.98), (cross, 0.80), (cross, 0.44), (jab, 0.47), (jab, 0.55), (jab, 0.62)]) == 6)
        // A sharp hand-over splits at once, as before.
        #expect(Self.firstSplit([(cross, 0.9), (cross, 0.95), (cross, 0.98), (jab, 0.7)]) == 3)
    }

    @Test func noSplitWithoutAnEstablishedPunchOrWithinAFamily() {
        let cross = Self.cross, jab = Self.jab, hook = Self.hook
        // The first punch led only two steps, or never surely: nothing to split from.
        #expect(Self.firstSplit([(cross, 0.9), (cross, 0.9), (jab, 0.8), (jab, 0.9)]) == nil)
        #expect(Self.firstSplit([(cross, 0.4), (cross, 0.45), (cross, 0.42), (cross, 0.4), (jab, 0.8)]) == nil)
        // A jab becoming a double jab is one punch still unfolding.
        #expect(Self.firstSplit([(jab, 0.9), (jab, 0.9), (jab, 0.9), (Self.doubleJab, 0.8)]) == nil)
        // The new leader never gets sure.
        #expect(Self.firstSplit([(cross, 0.9), (cross, 0.9), (cross, 0.9), (hook, 0.45), (hook, 0.48), (hook, 0.5)]) == nil)
        // An unsure hook in between never becomes the established punch: the cross taking the lead back is the same punch.
        #expect(Self.firstSplit([(cross, 0.9), (cross, 0.9), (cross, 0.9), (hook, 0.4), (hook, 0.45), (hook, 0.45), (cross, 0.7)]) == nil)
        // A jab that became a double jab is the double jab's punch; a cross after it splits from it.
        #expect(Self.firstSplit([(jab, 0.9), (jab, 0.9), (jab, 0.9), (Self.doubleJab, 0.8), (Self.doubleJab, 0.8), (Self.doubleJab, 0.8), (cross, 0.7)]) == 6)
    }
}
