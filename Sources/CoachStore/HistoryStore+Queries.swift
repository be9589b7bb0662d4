import Foundation
import GRDB
import PunchKit

/// Reading history: per punch label, over all sessions and session by session. Each call reads one
/// consistent snapshot. Errors are `StoreError`s.
extension HistoryStore {
    /// Every label punched or called, in `PunchLabel.ordered` order.
    public func labels() throws -> [String] {
        try read { db in try Self.labels(db) }
    }

    /// Per label (or only `label`): totals over all sessions, and the trend over the last
    /// `lastSessions` sessions.
    public func summary(label: String? = nil, lastSessions: Int = 10) throws -> HistorySummary {
        try read { db in try Self.summary(db, label: label, lastSessions: lastSessions) }
    }

    /// Per label (or only `label`): one point for each of the last `lastSessions` sessions, oldest
    /// first — the series of the History screen's charts.
    public func sessionSeries(label: String? = nil, lastSessions: Int = 10) throws -> [PunchSeries] {
        try read { db in
            let sessions = try Self.lastSessions(db, lastSessions)
            let labels = try label.map { [$0] } ?? Self.labels(db)
            return try Self.series(db, labels: labels, sessions: sessions)
        }
    }

    /// One label in depth: its summary, its lead/rear split, its speed distribution.
    public func detail(label: String, lastSessions: Int = 10) throws -> PunchDetail {
        try read { db in
            let summary = try Self.summary(db, label: label, lastSessions: lastSessions).punches[0]
            let byHand = try StatsQuery(label: label, byHand: true).fetch(db)
            let hands = Set(byHand.keys.compactMap(\.hand)).sorted { a, b in
                let order = ["lead", "rear", "none"]
                return (order.firstIndex(of: a) ?? order.count, a) < (order.firstIndex(of: b) ?? order.count, b)
            }
            let handStats = hands.map { hand in
                HandStats(hand: hand, stats: byHand[.init(label: label, hand: hand)] ?? PunchStats())
            }
            let speeds = try Row.fetchAll(
                db,
                sql: "SELECT peak_speed, speed_units FROM punch WHERE label = ? AND peak_speed IS NOT NULL AND speed_units IS NOT NULL",
                arguments: [label])
            var byUnits: [String: [Double]] = [:]
            for row in speeds { byUnits[try row.value("speed_units", as: String.self), default: []].append(try row.value("peak_speed")) }
            let units = byUnits.max { ($0.value.count, $1.key) < ($1.value.count, $0.key) }
            let speed = units.flatMap { SpeedDistribution(units: $0.key, speeds: $0.value) }
            return PunchDetail(summary: summary, hands: handStats, speed: speed)
        }
    }

    /// The last `count` sessions (all when nil), oldest first.
    public func sessions(last count: Int? = nil) throws -> [WorkoutSession] {
        try read { db in try Self.lastSessions(db, count) }
    }

    /// The punches of a session, in time order.
    public func punches(session: Int64) throws -> [Punch] {
        try read { db in
            try Punch.filter(Punch.Columns.sessionId == session).order(Punch.Columns.start, Column("id")).fetchAll(db)
        }
    }

    /// The prompts of a session, in callout order.
    public func prompts(session: Int64) throws -> [Prompt] {
        try read { db in
            try Prompt.filter(Prompt.Columns.sessionId == session)
                .order(Prompt.Columns.calledAt, Prompt.Columns.position, Column("id")).fetchAll(db)
        }
    }

    /// The rounds of a session, in order.
    public func rounds(session: Int64) throws -> [WorkoutRound] {
        try read { db in
            try WorkoutRound.filter(WorkoutRound.Columns.sessionId == session).order(WorkoutRound.Columns.number)
                .fetchAll(db)
        }
    }

    // MARK: - Within one read

    static func labels(_ db: Database) throws -> [String] {
        let labels = try String.fetchAll(db, sql: "SELECT DISTINCT label FROM punch UNION SELECT DISTINCT expected_label FROM prompt")
        return PunchLabel.ordered(labels)
    }

    static func lastSessions(_ db: Database, _ count: Int?) throws -> [WorkoutSession] {
        var request = WorkoutSession.order(WorkoutSession.Columns.startedAt.desc, WorkoutSession.Columns.id.desc)
        if let count { request = request.limit(max(0, count)) }
        return try request.fetchAll(db).reversed()
    }

    static func summary(_ db: Database, label: String?, lastSessions count: Int) throws -> HistorySummary {
        let sessionCount = try WorkoutSession.fetchCount(db)
        let first = try Date.fetchOne(db, sql: "SELECT MIN(started_at) FROM session")
        let last = try Date.fetchOne(db, sql: "SELECT MAX(started_at) FROM session")
        let labels = try label.map { [$0] } ?? Self.labels(db)
        let totals = try StatsQuery(label: label).fetch(db)
        let recent = try lastSessions(db, count)
        let series = try series(db, labels: labels, sessions: recent)
        let punches = zip(labels, series).map { label, series in
            PunchSummary(label: label, total: totals[.init(label: label)] ?? PunchStats(), trend: series.points)
        }
        return HistorySummary(sessions: sessionCount, firstSession: first, lastSession: last, punches: punches)
    }

    static func series(_ db: Database, labels: [String], sessions: [WorkoutSession]) throws -> [PunchSeries] {
        let ids = sessions.compactMap(\.id)
        let label = labels.count == 1 ? labels[0] : nil
        let stats = ids.isEmpty ? [:] : try StatsQuery(label: label, sessions: ids, bySession: true).fetch(db)
        return labels.map { label in
            PunchSeries(
                label: label,
                points: sessions.map { session in
                    SessionPoint(
                        sessionId: session.id ?? 0, startedAt: session.startedAt,
                        stats: stats[.init(label: label, session: session.id)] ?? PunchStats())
                })
        }
    }
}
