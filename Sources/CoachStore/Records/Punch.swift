import Foundation
import GRDB
import PunchKit

/// A punch the coach showed: what the classifier saw, and, when it answered a callout, whether it
/// was the punch called and how fast it came.
public struct Punch: Codable, Equatable, Sendable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "punch"

    public var id: Int64?
    public var sessionId: Int64
    public var roundId: Int64?
    /// The prompt this punch answers, nil when it answers none.
    public var promptId: Int64?
    /// jab, double_jab, cross, hook, uppercut (a double jab is one event), or a trained class.
    public var label: String
    public var hand: Hand
    /// Session seconds.
    public var start: Double
    public var end: Double
    public var confidence: Double
    /// The wrist's peak speed, in `speedUnits`.
    public var peakSpeed: Double?
    /// `m/s` (3D sources) or `torso/s` (torso lengths a second, 2D sources).
    public var speedUnits: String?
    /// Set by the store from the prompt (`PromptScoring`): nil when the punch answers no prompt.
    public var correct: Bool?
    public var reactionMs: Double?
    /// Wall-clock time the punch was stored.
    public var createdAt: Date

    public init(
        id: Int64? = nil, sessionId: Int64, roundId: Int64? = nil, promptId: Int64? = nil, label: String,
        hand: Hand, start: Double, end: Double, confidence: Double, peakSpeed: Double? = nil,
        speedUnits: String? = "m/s", correct: Bool? = nil, reactionMs: Double? = nil, createdAt: Date = Date()
    ) {
        self.id = id
        self.sessionId = sessionId
        self.roundId = roundId
        self.promptId = promptId
        self.label = label
        self.hand = hand
        self.start = start
        self.end = end
        self.confidence = confidence
        self.peakSpeed = peakSpeed
        self.speedUnits = speedUnits
        self.correct = correct
        self.reactionMs = reactionMs
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case id, label, hand, confidence, correct
        case sessionId = "session_id", roundId = "round_id", promptId = "prompt_id"
        case start = "start_s", end = "end_s", peakSpeed = "peak_speed", speedUnits = "speed_units"
        case reactionMs = "reaction_ms", createdAt = "created_at"
    }

    public enum Columns {
        public static let sessionId = Column(CodingKeys.sessionId)
        public static let start = Column(CodingKeys.start)
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}
