import PunchKit

/// Chooses what the coach calls next, adaptively: each punch of the vocabulary is drawn with a weight
/// that grows with how often the boxer gets it wrong or is slow at it, and never falls below `floor`,
/// so a punch done well still comes up now and then.
///
/// The error rate of a punch is `(errors + prior) / (attempts + 2·prior)` (a Beta(1,1)-like prior:
/// an untried punch counts as half wrong), where a miss or a wrong punch is one error and a correct
/// but slow answer (reaction above `slowFactor` × the boxer's mean reaction) is half an error.
/// Combinations are 1–`maxLength` punches; the same punch twice in a row only for the jab.
public struct CalloutPicker: Sendable {
    public struct Stats: Equatable, Sendable {
        public var attempts = 0
        /// Misses and wrong punches count 1, slow correct answers ½.
        public var errors = 0.0
        public var reactions: [Double] = []
    }

    public let vocabulary: [CalledPunch]
    public var floor: Double
    public var prior: Double
    public var slowFactor: Double
    /// Relative chances of combinations of 1, 2, 3 … punches.
    public var lengthWeights: [Double]
    public private(set) var stats: [CalledPunch: Stats] = [:]
    private var rng: SeededRandom

    public init(vocabulary: [CalledPunch], seed: UInt64, floor: Double = 0.1, prior: Double = 1,
                slowFactor: Double = 1.3, lengthWeights: [Double] = [0.35, 0.4, 0.25]) {
        precondition(!vocabulary.isEmpty, "a callout picker needs punches to call")
        self.vocabulary = vocabulary
        self.floor = floor
        self.prior = prior
        self.slowFactor = slowFactor
        self.lengthWeights = lengthWeights
        rng = SeededRandom(seed: seed)
    }

    /// Mean reaction over every correct answer so far (ms), nil before the first.
    public var meanReaction: Double? {
        let all = stats.values.flatMap(\.reactions)
        return all.isEmpty ? nil : all.reduce(0, +) / Double(all.count)
    }

    /// The error rate of `punch` (see the type's description).
    public func errorRate(_ punch: CalledPunch) -> Double {
        let s = stats[punch] ?? Stats()
        return (s.errors + prior) / (Double(s.attempts) + 2 * prior)
    }

    /// The drawing weight of `punch`: its error rate, at least `floor`.
    public func weight(_ punch: CalledPunch) -> Double { max(floor, errorRate(punch)) }

    /// Learns from how a called punch went.
    public mutating func record(_ outcome: PromptOutcome) {
        var s = stats[outcome.called] ?? Stats()
        s.attempts += 1
        if !outcome.correct {
            s.errors += 1
        } else if let r = outcome.reactionMs {
            if let mean = meanReaction, r > slowFactor * mean { s.errors += 0.5 }
            s.reactions.append(r)
        }
        stats[outcome.called] = s
    }

    /// One punch, drawn by weight (`excluding` one punch, unless it is the only choice).
    public mutating func pickPunch(excluding: CalledPunch? = nil) -> CalledPunch {
        let choices = vocabulary.filter { $0 != excluding }
        let pool = choices.isEmpty ? vocabulary : choices
        let weights = pool.map(weight)
        return pool[draw(weights)]
    }

    /// A callout's punches: a length drawn from `lengthWeights`, then punches by weight.
    public mutating func pickCombo() -> [CalledPunch] {
        let length = draw(lengthWeights) + 1
        var out: [CalledPunch] = []
        for _ in 0..<length {
            let last = out.last
            let repeatable = last?.label == PunchLabel.jab.rawValue
            out.append(pickPunch(excluding: repeatable ? nil : last))
        }
        return out
    }

    private mutating func draw(_ weights: [Double]) -> Int {
        let total = weights.reduce(0, +)
        guard total > 0 else { return 0 }
        var x = rng.unit() * total
        for (i, w) in weights.enumerated() {
            x -= w
            if x < 0 { return i }
        }
        return weights.count - 1
    }
}
