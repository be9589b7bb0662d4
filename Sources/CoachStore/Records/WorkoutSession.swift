import Foundation
import GRDB
import PunchKit

/// One workout: from the coach's start to its end (`endedAt` stays nil when the coach crashed).
public struct WorkoutSession: Codable, Equatable, Sendable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "session"

    /// Set by the store when the session is begun.
    public var id: Int64?
    public var startedAt: Date
    public var endedAt: Date?
    public var mode: ModeKind
    /// Where the frames came from: `camera:N`, a video path, `demo`, a skeletons path.
    public var source: String
    /// When known.
    public var stance: Stance?
    /// The classifier's name and its training-data hash, when known.
    public var model: String?
    public var modelHash: String?
    public var notes: String?

    public init(
        id: Int64? = nil, startedAt: Date = Date(), endedAt: Date? = nil, mode: ModeKind, source: String,
        stance: Stance? = nil, model: String? = nil, modelHash: String? = nil, notes: String? = nil
    ) {
        self.id = id
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.mode = mode
        self.source = source
        self.stance = stance
        self.model = model
        self.modelHash = modelHash
        self.notes = notes
    }

    enum CodingKeys: String, CodingKey {
        case id, mode, source, stance, model, notes
        case startedAt = "started_at", endedAt = "ended_at", modelHash = "model_hash"
    }

    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let startedAt = Column(CodingKeys.startedAt)
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}
