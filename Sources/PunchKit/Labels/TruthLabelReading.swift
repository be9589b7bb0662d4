/// How a data set's own label words are read against a model's classes when they are not the classes'
/// names: other people's sets say `Jab`, `Double Jab`, `lead_hook`, `rear uppercut`, `straight`, `guard`
/// or `none`.
///
/// Only labels the model does not have are read (the words: `LabelVocabulary`), and each reading is one of:
/// - the same class spelt otherwise (case, spaces, hyphens): `Double Jab` → `double_jab`, `upper-cut` →
///   `uppercut`;
/// - a class with the hand, target or stance said beside it, or words that add nothing (`lead`, `left`, `body`,
///   `southpaw`, `punch`, `to the`): `lead_hook` → `hook`, `body jab` → `jab`, `hook to the body` → `hook` (the
///   model's hand is its own output, not its class);
/// - a class by another name: `guard` → `stance`; a kick, a walk or a back fist → `idle`;
/// - a family of classes the data does not tell apart, scored as a family on both sides (`LabelMerge`):
///   `straight` is a jab, a double jab or a cross; `punch` is any punch;
/// - no punch (`none`, `background`, `block`, `slip`): `idle` when the data has a guard or idle label of its
///   own (so its "none" is what is neither), else the family `no_punch` of the model's background classes,
///   since whether the hands were up is not said.
/// A label that is none of these is left as it is (a class the model never predicts, so its recall is 0),
/// and `lines` says so.
public struct TruthLabelReading: Sendable, Equatable {
    /// Data label → the model's class it is read as.
    public var renamed: [String: String] = [:]
    /// Families the data's labels name, to be scored as families.
    public var families: [LabelMerge.Family] = []
    /// Data labels read as nothing the model knows, A–Z.
    public var unread: [String] = []
    /// The model's classes (for the line about unread labels).
    private var classes: [String] = []

    /// The family name of labels that say no punch and not whether the hands were up.
    static let noPunch = "no_punch"

    /// Reads `labels` (the data's) against `classes` (the model's); `given`: families the user named
    /// (`--merge`), whose names and members are left to them.
    public init(labels: [String], classes: [String], given: LabelMerge = LabelMerge()) {
        self.classes = classes
        let known = Set(classes)
        let punches = classes.filter { PunchLabel(rawValue: $0)?.isPunch ?? false }
        let background = classes.filter { PunchLabel(rawValue: $0).map { !$0.isPunch } ?? false }
        let familyMembers: [String: [String]] = [
            "straight": ["jab", "double_jab", "cross"].filter(known.contains),
            "punch": punches,
        ]
        let named = Set(given.families.flatMap { [$0.name] + $0.members })
        var noPunch: [String] = []
        for label in Set(labels).sorted() where !known.contains(label) && !named.contains(label) {
            switch LabelVocabulary.meaning(of: Self.words(label), classes: known, families: Set(familyMembers.keys)) {
            case .label(let c):
                renamed[label] = c
            case .family(let family):
                let members = familyMembers[family] ?? []
                if members.isEmpty || !addFamily(family, members, for: label, named: named) { unread.append(label) }
            case .notAPunch:
                noPunch.append(label)
            case nil:
                unread.append(label)
            }
        }
        // A set that names a guard or idle of its own means by "none" what is neither: idle.
        let hasBackground = labels.contains { background.contains(read($0)) }
        for label in noPunch {
            if hasBackground, known.contains(PunchLabel.idle.rawValue) {
                renamed[label] = PunchLabel.idle.rawValue
            } else if !hasBackground, !background.isEmpty, addFamily(Self.noPunch, background, for: label, named: named) {
                continue
            } else {
                unread.append(label)
            }
        }
        unread.sort()
        renamed = renamed.filter { $0.key != $0.value }
    }

    /// Reads `label` as the family `name` of `members` (added once); false when the user's own families
    /// already use the name or a member. Families read from the data nest (`punch` holds `straight`): a set
    /// that says both is scored by the coarser, since a class can be in one family only.
    private mutating func addFamily(_ name: String, _ members: [String], for label: String, named: Set<String>) -> Bool {
        guard !named.contains(name), named.isDisjoint(with: members) else { return false }
        var family = LabelMerge.Family(name: name, members: members)
        if let i = families.firstIndex(where: { !Set($0.members).isDisjoint(with: members) }) {
            let other = families[i]
            if Set(other.members).isSuperset(of: members) {
                family = other
            } else if Set(members).isSuperset(of: other.members) {
                families.remove(at: i)
                for (data, read) in renamed where read == other.name { renamed[data] = name }
            } else {
                return false
            }
        }
        if !families.contains(where: { $0.name == family.name }) { families.append(family) }
        renamed[label] = family.name  // a label that is the family's name too, in case a coarser one takes it over
        return true
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
            + unread.map {
                "label '\($0)' is none of the model's classes (\(classes.joined(separator: ", "))) and was not read as one: "
                    + "what it labels counts as missed; say what it is with --merge \($0)=CLASS[,CLASS]"
            }
    }

    /// Lower-case words of a label: split at `_`, `-`, spaces and dots.
    static func words(_ label: String) -> [String] {
        label.lowercased().split(whereSeparator: { "_- .".contains($0) }).map(String.init)
    }
}
