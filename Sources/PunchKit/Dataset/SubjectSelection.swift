/// A set of people named on the command line (`evaluate --subjects`, `train --exclude-subjects`): the
/// recordings of a dataset kept or left out by their subject, so that real people can be split between
/// training and reporting, subject-disjoint. Every name must be a subject of the data: a typo would
/// otherwise keep nothing or leave nobody out, silently.
public struct SubjectSelection: Sendable, Equatable {
    public var names: [String]

    /// Comma-separated names (spaces around them ignored); at least one.
    public init(parsing list: String) throws {
        names = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !names.isEmpty else { throw SubjectSelectionError("no subject named; give names such as precog-s04,precog-s05") }
    }

    /// The names of a repeatable option, each a comma-separated list; at least one name in all.
    public init(parsing lists: [String]) throws {
        try self.init(parsing: lists.joined(separator: ","))
    }

    /// The clips whose person (`LabelledClip.person`: the subject, or the clip's own name when nobody
    /// says) is (`keeping`) or is not (`!keeping`) one of the names.
    public func apply(to clips: [LabelledClip], keeping: Bool) throws -> [LabelledClip] {
        try requirePresent(in: clips)
        let chosen = Set(names)
        return clips.filter { chosen.contains($0.person) == keeping }
    }

    /// Refuses names that are no person of `clips`, listing the subjects there are.
    public func requirePresent(in clips: [LabelledClip]) throws {
        let present = Set(clips.map(\.person))
        let unknown = names.filter { !present.contains($0) }
        guard unknown.isEmpty else {
            let known = present.sorted()
            let shown = known.prefix(12).joined(separator: ", ") + (known.count > 12 ? ", … (\(known.count) in all)" : "")
            throw SubjectSelectionError("no recording of \(unknown.joined(separator: ", ")) in the data; its subjects are \(shown)")
        }
    }
}

public struct SubjectSelectionError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
