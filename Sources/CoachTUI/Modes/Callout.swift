import CoachStore
import PunchKit

/// One punch the coach can call: a label, and the hand when the call names one ("lead hook").
/// A jab is a lead punch and a cross a rear one by definition, so their calls name no hand.
public struct CalledPunch: Hashable, Sendable, CustomStringConvertible {
    public var label: String
    /// nil: either hand answers the call.
    public var hand: Hand?

    public init(_ label: String, hand: Hand? = nil) {
        self.label = label
        self.hand = hand
    }

    /// What the coach says: `jab`, `double jab`, `lead hook`, `rear uppercut`.
    public var description: String {
        let name = PunchLabel.spoken(label)
        guard let hand, hand != .none else { return name }
        return "\(hand.rawValue) \(name)"
    }

    /// The punches of the default model that a coach calls: jab, double jab, cross, and hooks and
    /// uppercuts with either hand — restricted to the classes `available` (a model's classes).
    public static func vocabulary(available: [String]) -> [CalledPunch] {
        // A punch that implies its hand is called by name alone, the others once with each hand.
        let all = PunchLabel.punches.flatMap { label in
            label.impliedHand != nil ? [CalledPunch(label.rawValue)]
                : [CalledPunch(label.rawValue, hand: .lead), CalledPunch(label.rawValue, hand: .rear)]
        }
        let set = Set(available)
        var out = all.filter { set.contains($0.label) }
        // A user-trained class the coach has no name for is called by its label, either hand.
        let known = Set(PunchLabel.allCases.map(\.rawValue))
        out += available.filter { !known.contains($0) }.map { CalledPunch($0) }
        return out
    }
}

/// One callout: a punch or a combination ("jab – cross – hook"), made at `calledAt` session seconds.
public struct Callout: Equatable, Sendable {
    /// 1, 2, … within the workout.
    public var id: Int
    public var punches: [CalledPunch]
    public var calledAt: Double

    public init(id: Int, punches: [CalledPunch], calledAt: Double) {
        self.id = id
        self.punches = punches
        self.calledAt = calledAt
    }

    /// `jab – cross – lead hook`.
    public var text: String { punches.map(\.description).joined(separator: " – ") }
    /// The labels joined by commas, as the store keeps a combo: `jab,cross,hook`.
    public var comboKey: String { punches.map(\.label).joined(separator: ",") }

    /// The store's prompts of this callout: one a punch, in order (`position` 0, 1, …), without ids.
    func prompts(sessionId: Int64, roundId: Int64? = nil) -> [Prompt] {
        punches.enumerated().map { i, p in
            Prompt(sessionId: sessionId, roundId: roundId, calledAt: calledAt, combo: comboKey, position: i,
                   expectedLabel: p.label, expectedHand: p.hand)
        }
    }
}
