import GRDB
import PunchKit

/// The SQL behind history's numbers: punch and prompt aggregates of each label, optionally per
/// session and per hand. Counts and means come from the stored punches; `correct` and
/// `reaction_ms` were set by `PromptScoring` when each punch was stored.
struct StatsQuery {
    struct Key: Hashable {
        var label: String
        var session: Int64?
        var hand: String?
    }

    var label: String?
    var sessions: [Int64]?
    var bySession = false
    var byHand = false

    func fetch(_ db: Database) throws -> [Key: PunchStats] {
        var result: [Key: PunchStats] = [:]
        let punchRows = try Row.fetchAll(db, sql: punchSQL(), arguments: arguments())
        for row in punchRows {
            let key = try Key(row)
            let count = try row.value("count", as: Int.self)
            result[key] = PunchStats(
                count: count, thrown: count * PunchLabel.punchesPerEvent(key.label),
                reactionMsMean: try row.optionalValue("reaction_ms"), speedMean: try row.optionalValue("speed"),
                speedTorsoMean: try row.optionalValue("speed_torso"))
        }
        let promptRows = try Row.fetchAll(db, sql: promptSQL(), arguments: arguments())
        for row in promptRows {
            let key = try Key(row)
            result[key, default: PunchStats()].prompted = try row.value("prompted")
            result[key, default: PunchStats()].correct = try row.value("correct")
        }
        return result
    }

    private func keyColumns(label: String, session: String, hand: String) -> String {
        var columns = ["\(label) AS label"]
        if bySession { columns.append("\(session) AS session_id") }
        if byHand { columns.append("\(hand) AS hand") }
        return columns.joined(separator: ", ")
    }

    private func filters(label: String, session: String) -> [String] {
        var filters: [String] = []
        if self.label != nil { filters.append("\(label) = ?") }
        if let sessions {
            filters.append("\(session) IN (\(Array(repeating: "?", count: sessions.count).joined(separator: ",")))")
        }
        return filters
    }

    private func arguments() -> StatementArguments {
        var arguments: StatementArguments = []
        if let label { arguments += [label] }
        if let sessions { arguments += StatementArguments(sessions) }
        return arguments
    }

    private func punchSQL() -> String {
        let keys = keyColumns(label: "label", session: "session_id", hand: "hand")
        let conditions = filters(label: "label", session: "session_id")
        return """
            SELECT \(keys), COUNT(*) AS count,
                   AVG(reaction_ms) AS reaction_ms,
                   AVG(CASE WHEN speed_units = 'm/s' THEN peak_speed END) AS speed,
                   AVG(CASE WHEN speed_units = 'torso/s' THEN peak_speed END) AS speed_torso
            FROM punch
            \(conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND "))
            GROUP BY \(groupBy)
            """
    }

    private func promptSQL() -> String {
        let keys = keyColumns(label: "p.expected_label", session: "p.session_id", hand: "p.expected_hand")
        var conditions = filters(label: "p.expected_label", session: "p.session_id")
        if byHand { conditions.append("p.expected_hand IS NOT NULL") }
        return """
            SELECT \(keys), COUNT(*) AS prompted,
                   SUM(EXISTS (SELECT 1 FROM punch q WHERE q.prompt_id = p.id AND q.correct)) AS correct
            FROM prompt p
            \(conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND "))
            GROUP BY \(groupBy)
            """
    }

    private var groupBy: String {
        var columns = ["label"]
        if bySession { columns.append("session_id") }
        if byHand { columns.append("hand") }
        return columns.joined(separator: ", ")
    }
}

extension StatsQuery.Key {
    fileprivate init(_ row: Row) throws {
        label = try row.value("label")
        session = row.hasColumn("session_id") ? try row.optionalValue("session_id") : nil
        hand = row.hasColumn("hand") ? try row.optionalValue("hand") : nil
    }
}
