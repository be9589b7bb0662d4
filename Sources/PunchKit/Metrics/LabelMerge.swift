import Foundation

/// Label families for scoring (`evaluate --merge straight=jab,double_jab,cross`): every member of a
/// family, in the truth *and* in the prediction, is scored as the family's name.
///
/// Why both sides: real sets label coarser than the model. BoxingVI's lead/rear side is unreliable, so
/// its jabs and crosses are scored as one `straight` family; cs229 labels only `straight`. Mapping only
/// the truth would leave a `straight` row whose correct column does not exist; mapping only a
/// `straight` truth to "any of jab, cross" would make the confusion matrix lie about which column was
/// hit. Mapped on both sides, the matrix is square over the families, a jab taken for a cross is a hit
/// on the diagonal, and per-class recall and precision keep their usual meaning — for families.
public struct LabelMerge: Sendable, Equatable {
    public struct Family: Sendable, Equatable {
        public var name: String
        public var members: [String]
    }

    public private(set) var families: [Family] = []
    private var familyOf: [String: String] = [:]

    public init() {}

    /// Families parsed from `NAME=a,b[,c]` texts (one per `--merge`). A label in two families, an empty
    /// name or member list, or a text without `=` is an error saying what was expected.
    public init(parsing texts: [String]) throws {
        for text in texts { try add(Self.parse(text)) }
    }

    public var isEmpty: Bool { families.isEmpty }

    /// The label as it is scored: its family's name, or itself when it is in no family.
    public func map(_ label: String) -> String { familyOf[label] ?? label }

    /// `labels` mapped, duplicates dropped, first occurrence's order kept.
    public func map(_ labels: [String]) -> [String] {
        var seen = Set<String>(), out: [String] = []
        for l in labels.map(map) where seen.insert(l).inserted { out.append(l) }
        return out
    }

    public mutating func add(_ family: Family) throws {
        for m in family.members {
            if let other = familyOf[m] {
                throw LabelMergeError("label '\(m)' is already in family '\(other)'; a label can be in one family only")
            }
        }
        if let other = familyOf[family.name], other != family.name {
            throw LabelMergeError("'\(family.name)' is already a member of family '\(other)'; pick another family name")
        }
        if families.contains(where: { $0.name == family.name }) {
            throw LabelMergeError("family '\(family.name)' is given twice; give all its members in one --merge")
        }
        families.append(family)
        for m in family.members { familyOf[m] = family.name }
        familyOf[family.name] = family.name
    }

    static func parse(_ text: String) throws -> Family {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let name = parts.first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        guard parts.count == 2, !name.isEmpty else {
            throw LabelMergeError("'\(text)' is not NAME=a,b[,c] (e.g. straight=jab,double_jab,cross)")
        }
        let members = parts[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !members.isEmpty else {
            throw LabelMergeError("'\(text)' names no member labels after '='; e.g. straight=jab,double_jab,cross")
        }
        guard Set(members).count == members.count else {
            throw LabelMergeError("'\(text)' names a member twice")
        }
        return Family(name: name, members: members)
    }
}

/// A `--merge` text that cannot be used; the message says what was expected.
public struct LabelMergeError: Error, CustomStringConvertible, Sendable {
    public var description: String
    init(_ description: String) { self.description = description }
}
