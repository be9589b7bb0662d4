/// How a data set's own label words are read against a model's classes when they are not the classes'
/// names: other people's sets say `Jab`, `Double Jab`, `lead_hook`, `rear uppercut` or `straight`.
///
/// Only labels the model does not have are read, and each reading is one of:
/// - the same class spelt otherwise (case, spaces, hyphens): `Double Jab` → `double_jab`;
/// - a class with the hand or target said beside it (`lead`, `rear`, `left`, `right`, `body`, `head`):
///   `lead_hook` → `hook`, `body jab` → `jab` (the model's hand is its own output, not its class);
/// - a family of classes the data does not tell apart, scored as a family on both sides (`LabelMerge`):
///   `straight` is a jab, a double jab or a cross; `punch` is any punch.
/// A label that is none of these is left as it is (a class the model never predicts, so its recall is 0).
public struct TruthLabelReading: Sendable, Equatable {
    /// Data label → the model's class it is read as.
    public var renamed: [String: String] = [:]
    /// Families the data's labels name, to be scored as families.
    public var families: [LabelMerge.Family] = []

    /// Words that say which hand or where a punch went, not which punch.
    static let sideWords: Set<String> = ["lead", "rear", "left", "right", "body", "head"]

    /// Reads `labels` (the data's) against `classes` (the model's); `given`: families the user named
    /// (`--merge`), whose names and members are left to them.
    public init(labels: [String], classes: [String], given: LabelMerge = LabelMerge()) {
        let known = Set(classes)
        let punches = classes.filter { PunchLabel(rawValue: $0)?.isPunch ?? false }
        let familyMembers: [String: [String]] = [
            "straight": ["jab", "double_jab", "cross"].filter(known.contains),
            "punch": punches,
        ]
        let named = Set(given.families.flatMap { [$0.name] + $0.members })
        for label in Set(labels).sorted() where !known.contains(label) && !named.contains(label) {
            let words = Self.words(label)
            let spelt = words.joined(separator: "_")
            if known.contains(spelt) {
                renamed[label] = spelt
                continue
            }
            let punch = words.filter { !Self.sideWords.contains($0) }.joined(separator: "_")
            if punch != spelt, known.contains(punch) {
                renamed[label] = punch
                continue
            }
            let family = familyMembers[spelt] == nil ? punch : spelt
            if let members = familyMembers[family], !members.isEmpty, !families.contains(where: { $0.name == family }),
               !named.contains(family), named.isDisjoint(with: members) {
                if family != label { renamed[label] = family }
                families.append(LabelMerge.Family(name: family, members: members))
            }
        }
    }

    public var isEmpty: Bool { renamed.isEmpty && families.isEmpty }

    /// `given` (the user's `--merge`) with the families this reading found added.
    public func merge(adding given: LabelMerge = LabelMerge()) throws -> LabelMerge {
        var merge = given
        for family in families { try merge.add(family) }
        return merge
    }

    /// The data's label as the model's class (or family) name.
    public func read(_ label: String) -> String { renamed[label] ?? label }

    /// One line a reading, for stderr.
    public var lines: [String] {
        renamed.sorted { $0.key < $1.key }.map { "label '\($0.key)' read as '\($0.value)'" }
            + families.map { "label '\($0.name)' scored as a family: \($0.name)=\($0.members.joined(separator: ","))" }
    }

    /// Lower-case words of a label: split at `_`, `-`, spaces and dots.
    static func words(_ label: String) -> [String] {
        label.lowercased().split(whereSeparator: { "_- .".contains($0) }).map(String.init)
    }
}
