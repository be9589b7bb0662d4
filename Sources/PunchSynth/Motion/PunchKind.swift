import PunchKit

/// The punches the synthetic boxer throws (`PunchLabel.punches` as a type of their own),
/// so that a punch motion can only be asked for by something that has one.
public enum PunchKind: Sendable, CaseIterable {
    case jab, doubleJab, cross, hook, uppercut

    /// The label of the punch in the data (`double_jab` …).
    public var label: PunchLabel {
        switch self {
        case .jab: return .jab
        case .doubleJab: return .doubleJab
        case .cross: return .cross
        case .hook: return .hook
        case .uppercut: return .uppercut
        }
    }

    /// Jab, double jab and cross: the fist travels in a straight line (hooks swing, uppercuts rise).
    var isStraight: Bool {
        switch self {
        case .jab, .doubleJab, .cross: return true
        case .hook, .uppercut: return false
        }
    }
}

extension PunchLabel {
    /// The punch of a punch label; nil for stance and idle.
    public var punchKind: PunchKind? {
        switch self {
        case .jab: return .jab
        case .doubleJab: return .doubleJab
        case .cross: return .cross
        case .hook: return .hook
        case .uppercut: return .uppercut
        case .stance, .idle: return nil
        }
    }
}
