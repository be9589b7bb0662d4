/// The order of a model's classes: the default seven first (as the coach shows them), then any
/// other label of the data alphabetically.
enum ClassOrder {
    static let standard = ["jab", "double_jab", "cross", "hook", "uppercut", "stance", "idle"]
    static let standardBackground = ["stance", "idle"]

    static func order(_ labels: [String]) -> [String] {
        standard.filter(labels.contains) + labels.filter { !standard.contains($0) }.sorted()
    }
}
