import GRDB
import PunchKit

/// One punch the coach called out. A combo ("jab, cross, hook") is one prompt a punch, sharing
/// `calledAt` and `combo`, with `position` 0, 1, 2.
public struct Prompt: Codable, Equatable, Sendable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "prompt"

    public var id: Int64?
    public var sessionId: Int64
    public var roundId: Int64?
    /// When the callout was made, in session seconds.
    public var calledAt: Double
    /// The whole callout, labels joined by commas: `jab,cross,hook`.
    public var combo: String
    /// 0-based position of this punch within the combo.
    public var position: Int
    public var expectedLabel: String
    /// `lead` or `rear` when the callout names a hand; nil when either will do.
    public var expectedHand: Hand?

    public init(
        id: Int64? = nil, sessionId: Int64, roundId: Int64? = nil, calledAt: Double, combo: String,
        position: Int = 0, expectedLabel: String, expectedHand: Hand? = nil
    ) {
        self.id = id
        self.sessionId = sessionId
        self.roundId = roundId
        self.calledAt = calledAt
        self.combo = combo
        self.position = position
        self.expectedLabel = expectedLabel
        self.expectedHand = expectedHand
    }

    enum CodingKeys: String, CodingKey {
        case id, combo, position
        case sessionId = "session_id", roundId = "round_id", calledAt = "called_s"
        case expectedLabel = "expected_label", expectedHand = "expected_hand"
    }

    public enum Columns {
        public static let sessionId = Column(CodingKeys.sessionId)
        public static let calledAt = Column(CodingKeys.calledAt)
        public static let position = Column(CodingKeys.position)
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}
