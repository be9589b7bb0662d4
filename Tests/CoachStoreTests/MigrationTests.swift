import Foundation
import TestSupport
import GRDB
import Testing

@testable import CoachStore

@Suite struct MigrationTests {
    @Test func migrationIdentifiersNeverChange() {
        // Shipped migrations are the schema's history: renaming one would make every existing
        // database look "newer" than this build.
        #expect(HistorySchema.migrationIdentifiers == ["v1-sessions-punches", "v2-rounds-prompts-scoring"])
        #expect(HistorySchema.migrator.migrations == HistorySchema.migrationIdentifiers)
    }

    @Test func anAbsentFileBecomesTheLatestSchemaInWALMode() throws {
        let dir = try ScratchDirectory()
        let path = dir.file("nested/dir/history.sqlite")
        let store = try HistoryStore.openForWriting(at: path)
        #expect(try store.schemaVersion() == HistorySchema.latestVersion)
        let pragmas = try store.dbQueue.read { db in
            [
                try String.fetchOne(db, sql: "PRAGMA journal_mode"), try String.fetchOne(db, sql: "PRAGMA synchronous"),
                try String.fetchOne(db, sql: "PRAGMA foreign_keys"), try String.fetchOne(db, sql: "PRAGMA application_id"),
            ]
        }
        #expect(pragmas == ["wal", "1", "1", "\(HistorySchema.applicationID)"])  // synchronous 1 = NORMAL
        let tables = try store.dbQueue.read { db in try ["session", "round", "prompt", "punch"].filter { try db.tableExists($0) } }
        #expect(tables.count == 4)
        #expect(try store.dbQueue.read(HistorySchema.migrator.hasCompletedMigrations))
        try store.close()
        // Closed: the WAL is folded back and the file alone is the database.
        #expect(listing(dir.file("nested/dir")) == ["history.sqlite"])
        let reopened = try #require(try HistoryStore.openForReading(at: path))
        #expect(try reopened.schemaVersion() == 2)
        #expect(try reopened.dbQueue.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") } == "delete")
    }

    @Test func anEmptyFileIsANewDatabase() throws {
        let dir = try ScratchDirectory()
        let path = dir.file("empty.sqlite")
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        let reader = try #require(try HistoryStore.openForReading(at: path))
        #expect(try reader.summary().sessions == 0)
        #expect(contents(path) == Data())  // reading never writes
        let store = try HistoryStore.openForWriting(at: path)
        #expect(try store.schemaVersion() == 2)
        try store.close()
    }

    /// A v1 database (sessions and punches, no prompts) written by the first schema alone, then
    /// opened by this build: read in memory without touching the file, then migrated in place, with
    /// every row kept.
    @Test func aV1DatabaseIsMigratedWithItsData() throws {
        let dir = try ScratchDirectory()
        let path = dir.file("v1.sqlite")
        let started = Date(timeIntervalSince1970: 1_700_000_000)
        do {
            let queue = try rawQueue(path)
            try HistorySchema.migrator.migrate(queue, upTo: "v1-sessions-punches")
            try queue.write { db in
                try db.execute(
                    sql: "INSERT INTO session (id, started_at, mode, source, stance) VALUES (7, ?, 'free', 'camera:0', 'southpaw')",
                    arguments: [started])
                for (i, label) in ["jab", "double_jab", "hook"].enumerated() {
                    try db.execute(
                        sql: """
                            INSERT INTO punch (session_id, label, hand, start_s, end_s, confidence, peak_speed, speed_units, created_at)
                            VALUES (7, ?, 'lead', ?, ?, 0.9, ?, 'm/s', ?)
                            """,
                        arguments: [label, Double(i), Double(i) + 0.4, 5.0 + Double(i), started])
                }
            }
            #expect(try queue.read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") } == 1)
            #expect(try queue.read { db in try db.tableExists("prompt") } == false)
            try queue.close()
        }
        let v1Bytes = try #require(contents(path))

        // Reading: migrated in memory, the file stays v1, byte for byte.
        let reader = try #require(try HistoryStore.openForReading(at: path))
        let summary = try reader.summary()
        #expect(summary.sessions == 1)
        #expect(summary.punches.map(\.label) == ["jab", "double_jab", "hook"])
        #expect(summary.punches.map(\.total.thrown) == [1, 2, 1])
        #expect(summary.punches.allSatisfy { $0.total.accuracy == nil && $0.total.reactionMsMean == nil })
        try reader.close()
        #expect(contents(path) == v1Bytes)

        // Writing: migrated in place, the rows survive, the new columns are empty.
        let store = try HistoryStore.openForWriting(at: path)
        #expect(try store.schemaVersion() == 2)
        let session = try #require(try store.sessions().first)
        #expect(session.id == 7 && session.stance == .southpaw && session.source == "camera:0")
        #expect(abs(session.startedAt.timeIntervalSince(started)) < 0.001)
        let punches = try store.punches(session: 7)
        #expect(punches.map(\.label) == ["jab", "double_jab", "hook"])
        #expect(punches.map(\.peakSpeed) == [5, 6, 7])
        #expect(punches.allSatisfy { $0.promptId == nil && $0.correct == nil && $0.reactionMs == nil && $0.roundId == nil })
        // And the v2 tables work.
        let prompt = try store.addPrompt(Prompt(sessionId: 7, calledAt: 10, combo: "jab", expectedLabel: "jab"))
        let punch = try store.addPunch(
            Punch(sessionId: 7, promptId: prompt.id, label: "jab", hand: .lead, start: 10.4, end: 10.7, confidence: 0.9))
        #expect(punch.correct == true)
        try store.close()
    }
}
