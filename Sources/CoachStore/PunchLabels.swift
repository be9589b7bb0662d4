/// The punch labels of the default model, and what the store needs to know about labels. Labels
/// stay strings: a user-trained model may add classes, and the store keeps whatever it is given.
public enum PunchLabels {
    /// The punches of the default model, in the order history lists them.
    public static let known = ["jab", "double_jab", "cross", "hook", "uppercut"]

    /// Punches thrown in one event of `label`: a double jab is one event of two jabs.
    public static func punchesPerEvent(_ label: String) -> Int {
        label == "double_jab" ? 2 : 1
    }

    /// `labels` in history order: the known ones first, in their order, then the others A–Z.
    public static func ordered<S: Sequence<String>>(_ labels: S) -> [String] {
        Set(labels).sorted { a, b in
            switch (known.firstIndex(of: a), known.firstIndex(of: b)) {
            case let (i?, j?): i < j
            case (.some, nil): true
            case (nil, .some): false
            case (nil, nil): a < b
            }
        }
    }
}
