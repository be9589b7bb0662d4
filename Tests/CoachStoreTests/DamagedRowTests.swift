import Foundation
import GRDB
import TestSupport
import Testing

@testable import CoachStore

/// Rows whose values are not of the type the store wrote (a damaged page, a hand edit) are refused
/// in one line naming the file and the column. Before issue 13's fuzzer found them, the history
/// queries read them with GRDB's `row[column]`, which stops the process.
@Suite struct DamagedRowTests {
    let dir: ScratchDirectory
    var path: String { dir.file("history.sqlite") }
    init() throws { dir = try ScratchDirectory() }

    /// A current database (`makeCurrentDatabase`) damaged by `edits`, each on its own connection (a
    /// schema edit takes effect on the next), opened for reading.
    func damaged(_ edits: String...) throws -> HistoryStore {
        try makeCurrentDatabase(path)
        for sql in edits {
            let queue = try rawQueue(path)
            try queue.writeWithoutTransaction { db in try db.execute(sql: sql) }
            try queue.close()
        }
        return try #require(try HistoryStore.openForReading(at: path))
    }

    /// The damage the fuzzer made: a punch whose label reads NULL (there, a flipped bit in the
    /// record's header; here, the NOT NULL constraint removed first so SQLite lets us write it).
    @Test func aPunchWithoutALabel() throws {
        let reader = try damaged(
            "PRAGMA writable_schema = ON; UPDATE sqlite_master SET sql = replace(sql, '\"label\" TEXT NOT NULL', '\"label\" TEXT') WHERE name = 'punch'",
            "UPDATE punch SET label = NULL WHERE label = 'jab'")
        defer { try? reader.close() }
        // The fuzzer's file had the label only in the table, not in the index `labels()` reads first.
        #expect(throws: StoreError.unreadableValue(path: path, column: "label", reason: "NULL is not a String")) {
            try reader.read { db in try StatsQuery().fetch(db) }
        }
        let error = try #require(throws: StoreError.self) { try reader.summary() }
        #expect(error.description.hasPrefix(path) && !error.description.contains("\n"))
    }

    /// A hand that is not text: `history --punch jab` splits the label's punches by hand.
    @Test func aHandThatIsNotText() throws {
        let reader = try damaged("UPDATE punch SET hand = x'FF' WHERE label = 'jab'")
        defer { try? reader.close() }
        #expect(throws: StoreError.unreadableValue(path: path, column: "hand", reason: "Data(1 bytes) is not a String")) {
            try reader.detail(label: "jab")
        }
    }

    /// A speed that is text: `history --punch jab` reads every speed of the label.
    @Test func aSpeedThatIsText() throws {
        let reader = try damaged("UPDATE punch SET peak_speed = 'fast', speed_units = 'm/s' WHERE label = 'jab'")
        defer { try? reader.close() }
        let expected = StoreError.unreadableValue(path: path, column: "peak_speed", reason: "\"fast\" is not a Double")
        #expect(throws: expected) { try reader.detail(label: "jab") }
        #expect(expected.description
                == "\(path) holds a peak_speed this PunchCoach cannot read (\"fast\" is not a Double); restore a copy or choose another --db")
    }
}
