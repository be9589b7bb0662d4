import PunchKit

/// What the synthetic boxer can be asked to do.
public enum SynthAction: Sendable, Equatable {
    case jab
    case doubleJab
    case cross
    case hook(Hand)
    case uppercut(Hand)
    /// Drop the guard and idle (walk, stretch, rest) for about this many seconds, then guard up again.
    case idle(seconds: Double)

    /// The punch asked for; nil for idle.
    public var punchKind: PunchKind? {
        switch self {
        case .jab: return .jab
        case .doubleJab: return .doubleJab
        case .cross: return .cross
        case .hook: return .hook
        case .uppercut: return .uppercut
        case .idle: return nil
        }
    }

    public var label: PunchLabel { punchKind?.label ?? .idle }

    /// Lead or rear for punches, `none` for idle.
    public var hand: Hand {
        switch self {
        case .jab, .doubleJab: return .lead
        case .cross: return .rear
        case .hook(let h), .uppercut(let h): return h == .none ? .lead : h
        case .idle: return .none
        }
    }

    /// The punch for a label and hand (nil for stance and idle).
    public static func punch(_ label: PunchLabel, hand: Hand = .lead) -> SynthAction? {
        label.punchKind.map { punch($0, hand: hand) }
    }

    /// The action of throwing a punch (`hand` matters for hooks and uppercuts).
    public static func punch(_ kind: PunchKind, hand: Hand = .lead) -> SynthAction {
        switch kind {
        case .jab: return .jab
        case .doubleJab: return .doubleJab
        case .cross: return .cross
        case .hook: return .hook(hand)
        case .uppercut: return .uppercut(hand)
        }
    }
}
