/// The workout modes of `punchcoach coach --mode`, as a session records them.
public enum ModeKind: String, CaseIterable, Sendable, Codable {
    case free, drill, combo, rounds, record
}
