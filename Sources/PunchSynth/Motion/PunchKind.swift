import PunchKit

/// The punches the synthetic boxer throws (`PunchLabel.punches` as a type of their own),
/// so that a punch motion can only be asked for by something that has one. The raw values are the
/// labels' own, so the two convert without a table.
public enum PunchKind: String, Sendable, CaseIterable {
    case jab, doubleJab = "double_jab", cross, hook, uppercut

    /// The label of the punch in the data (`double_jab` …).
    public var label: PunchLabel { PunchLabel(rawValue: rawValue)! }

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
    public var punchKind: PunchKind? { PunchKind(rawValue: rawValue) }
}
