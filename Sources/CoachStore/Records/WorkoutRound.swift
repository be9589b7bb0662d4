import GRDB

/// A round of a `rounds` workout: work then rest, on the session clock.
public struct WorkoutRound: Codable, Equatable, Sendable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "round"

    public var id: Int64?
    public var sessionId: Int64
    /// 1, 2, … within the session.
    public var number: Int
    /// Session seconds.
    public var started: Double
    public var ended: Double?
    public var workSeconds: Double
    public var restSeconds: Double

    public init(
        id: Int64? = nil, sessionId: Int64, number: Int, started: Double, ended: Double? = nil,
        workSeconds: Double, restSeconds: Double
    ) {
        self.id = id
        self.sessionId = sessionId
        self.number = number
        self.started = started
        self.ended = ended
        self.workSeconds = workSeconds
        self.restSeconds = restSeconds
    }

    enum CodingKeys: String, CodingKey {
        case id, number
        case sessionId = "session_id", started = "started_s", ended = "ended_s"
        case workSeconds = "work_s", restSeconds = "rest_s"
    }

    public enum Columns {
        public static let sessionId = Column(CodingKeys.sessionId)
        public static let number = Column(CodingKeys.number)
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}
