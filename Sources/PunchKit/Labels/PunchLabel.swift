/// The classes of the default model, and what every stage needs to know about them: which are
/// punches, which are background states, the hand a label implies, how many punches one event holds.
///
/// Labels in data, models and the history stay strings: a user-trained model may add classes, and its
/// own class names rule (`PunchClassifier.classes`). This type names the standard ones and answers for
/// any string, standard or not, through the `static` helpers.
public enum PunchLabel: String, Sendable, CaseIterable, Codable {
    case jab
    case doubleJab = "double_jab"
    case cross, hook, uppercut
    /// In guard, not punching.
    case stance
    /// Anything else: hands down, walking, stretching, kicks.
    case idle

    /// The punches, in the order of the brief (the order the coach and the history list them).
    public static let punches: [PunchLabel] = [.jab, .doubleJab, .cross, .hook, .uppercut]
    /// The states between punches: a detector emits no event for them.
    public static let background: [PunchLabel] = [.stance, .idle]

    public var isPunch: Bool { !PunchLabel.background.contains(self) }

    /// A jab (single or double) is a lead punch and a cross a rear one by definition; a hook or an
    /// uppercut may be thrown with either hand.
    public var impliedHand: Hand? {
        switch self {
        case .jab, .doubleJab: .lead
        case .cross: .rear
        case .hook, .uppercut, .stance, .idle: nil
        }
    }

    /// Punches thrown in one event: a double jab is one event of two jabs.
    public var punchesPerEvent: Int { self == .doubleJab ? 2 : 1 }

    /// `double jab` for `double_jab`: how the coach says a label.
    public static func spoken(_ label: String) -> String { label.replacingOccurrences(of: "_", with: " ") }

    /// The hand `label` implies, nil for a label that names none or is not standard.
    public static func impliedHand(_ label: String) -> Hand? { PunchLabel(rawValue: label)?.impliedHand }

    /// Punches in one event of `label` (1 for a label that is not standard).
    public static func punchesPerEvent(_ label: String) -> Int { PunchLabel(rawValue: label)?.punchesPerEvent ?? 1 }

    /// `labels` without repeats: the standard ones first, in the order of the brief, then any other
    /// A–Z. The order of a trained model's classes and of the history's tables.
    public static func ordered<S: Sequence<String>>(_ labels: S) -> [String] {
        let given = Set(labels)
        let standard = allCases.map(\.rawValue).filter(given.contains)
        return standard + given.subtracting(standard).sorted()
    }
}
