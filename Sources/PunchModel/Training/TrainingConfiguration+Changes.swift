import Foundation

extension TrainingConfiguration {
    /// The settings that differ from `TrainingConfiguration()`'s, as `name=value` sorted by name, nested ones
    /// as `augmentation.name=value`: the recipe of a run in one line (the training report's), read from the
    /// configuration's own coding keys so that a setting added later is listed without being named here.
    public var changedSettings: [String] {
        guard let mine = Self.flatJSON(self), let defaults = Self.flatJSON(TrainingConfiguration()) else { return [] }
        return mine.keys.sorted().compactMap { key in mine[key] == defaults[key] ? nil : "\(key)=\(mine[key] ?? "")" }
    }

    /// Every leaf of the configuration's JSON as its JSON text, keyed by its path (`augmentation.jitter`).
    private static func flatJSON(_ configuration: TrainingConfiguration) -> [String: String]? {
        guard let data = try? JSONEncoder().encode(configuration),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        var flat: [String: String] = [:]
        func visit(_ value: Any, path: String) {
            if let dictionary = value as? [String: Any] {
                for (key, inner) in dictionary { visit(inner, path: path.isEmpty ? key : "\(path).\(key)") }
            } else if let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]) {
                flat[path] = String(decoding: data, as: UTF8.self)
            }
        }
        visit(object, path: "")
        return flat
    }
}
