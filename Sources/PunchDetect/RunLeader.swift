/// Which punch class leads a run of punch probability, step by step, and when another punch takes over:
/// the boxer went straight from one punch into another (a combination), and the run is split there.
///
/// A split needs an *established* punch (the last class that led `splitLeaderSteps` steps in a row, with more
/// than `splitProbability` in one of them) and another class, of another family, now leading with more than
/// `splitProbability` (`DetectorConfiguration.splitProbability`); the detector also asks that the other hand
/// has taken over. The new punch may have taken the lead unsure a few steps before: on real footage it
/// often does. PRECOG's one-twos from hands down go cross 0.98, then cross 0.44 / jab 0.41, jab 0.47, jab
/// 0.55. Until the sixteenth stop on issue 12 the split needed the new class to be sure on its very first
/// step in the lead; there it never was, and the two punches closed as one run too unsure to be either.
public struct RunLeader: Sendable, Equatable {
    public private(set) var leader: Int
    /// Steps in a row `leader` has led, and whether it led with more than `splitProbability` in one of them.
    public private(set) var steps = 1
    public private(set) var sure: Bool
    /// The punch a combination splits from; nil until a class has led long and surely enough.
    public private(set) var established: Int?

    public let splitProbability: Float
    public let splitLeaderSteps: Int

    /// A run opened with `leader` in the lead at `probability`.
    public init(leader: Int, probability: Float, splitProbability: Float, splitLeaderSteps: Int) {
        self.leader = leader
        self.splitProbability = splitProbability
        self.splitLeaderSteps = splitLeaderSteps
        sure = probability > splitProbability
        establishIfHeld()
    }

    /// Whether `lead`, leading this step at `probability`, starts another punch: sure, not the established
    /// one, and not of its family (`sameFamily`: a double jab starts as a jab).
    public func splits(to lead: Int, probability: Float, sameFamily: (Int, Int) -> Bool) -> Bool {
        guard let from = established else { return false }
        return lead != from && probability > splitProbability && !sameFamily(lead, from)
    }

    /// One more step of the run (not split), `lead` leading at `probability`.
    public mutating func advance(lead: Int, probability: Float) {
        if lead == leader {
            steps += 1
        } else {
            leader = lead
            steps = 1
            sure = false
        }
        if probability > splitProbability { sure = true }
        establishIfHeld()
    }

    /// The leader becomes the established punch once it has led long enough, surely in one step.
    private mutating func establishIfHeld() {
        if sure && steps >= splitLeaderSteps { established = leader }
    }
}
