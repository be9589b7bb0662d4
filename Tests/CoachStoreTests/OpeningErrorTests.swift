import Foundation
import TestSupport
import GRDB
import Testing

@testable import CoachStore

/// Bad input: each is refused with a one-line StoreError naming the file and what to do, and the
/// file is left as it was.
@Suite struct OpeningErrorTests {
    @Test func aDirectory() throws {
        let dir = try ScratchDirectory()
        #expect(throws: StoreError.isDirectory(path: dir.path)) { try HistoryStore.openForWriting(at: dir.path) }
        #expect(throws: StoreError.isDirectory(path: dir.path)) { try HistoryStore.openForReading(at: dir.path) }
        #expect(listing(dir.path).isEmpty)
        #expect(StoreError.isDirectory(path: dir.path).description.contains(dir.path))
    }

    @Test func aFileThatIsNotSQLite() throws {
        let dir = try ScratchDirectory()
        let path = dir.file("notes.txt")
        let text = Data("jab, cross, hook\n".utf8)
        _ = FileManager.default.createFile(atPath: path, contents: text)
        #expect(throws: StoreError.notSQLite(path: path)) { try HistoryStore.openForWriting(at: path) }
        #expect(throws: StoreError.notSQLite(path: path)) { try HistoryStore.openForReading(at: path) }
        #expect(contents(path) == text)
        #expect(listing(dir.path) == ["notes.txt"])
        #expect(
            StoreError.notSQLite(path: path).description
                == "\(path) is not a PunchCoach database (not SQLite); choose another --db")
    }

    @Test func anotherProgramsSQLiteDatabase() throws {
        let dir = try ScratchDirectory()
        let path = dir.file("other.sqlite")
        let queue = try rawQueue(path)
        try queue.write { db in try db.execute(sql: "CREATE TABLE contact (name TEXT); INSERT INTO contact VALUES ('Ann')") }
        try queue.close()
        let before = try #require(contents(path))
        #expect(throws: StoreError.foreignDatabase(path: path)) { try HistoryStore.openForWriting(at: path) }
        #expect(throws: StoreError.foreignDatabase(path: path)) { try HistoryStore.openForReading(at: path) }
        #expect(contents(path) == before)  // not even switched to WAL mode
    }

    /// A database of schema v3 with a migration this build does not know.
    @Test func aDatabaseFromANewerPunchCoach() throws {
        let dir = try ScratchDirectory()
        let path = dir.file("history.sqlite")
        try makeCurrentDatabase(path)
        let queue = try rawQueue(path)
        try queue.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v3-future-gloves')")
            try db.execute(sql: "CREATE TABLE glove (id INTEGER PRIMARY KEY)")
            try db.execute(sql: "PRAGMA user_version = 3")
        }
        try queue.close()
        let before = try #require(contents(path))
        let expected = StoreError.newerSchema(path: path, found: 3, known: 2, unknownMigrations: ["v3-future-gloves"])
        #expect(throws: expected) { try HistoryStore.openForWriting(at: path) }
        #expect(throws: expected) { try HistoryStore.openForReading(at: path) }
        #expect(contents(path) == before)
        #expect(listing(dir.path) == ["history.sqlite"])
        #expect(
            expected.description
                == "\(path) was written by a newer PunchCoach (schema v3 > v2); update PunchCoach or use --db with another file"
        )
    }

    @Test func aNewerUserVersionAloneIsEnough() throws {
        let dir = try ScratchDirectory()
        let path = dir.file("history.sqlite")
        try makeCurrentDatabase(path)
        let queue = try rawQueue(path)
        try queue.write { db in try db.execute(sql: "PRAGMA user_version = 9") }
        try queue.close()
        #expect(throws: StoreError.newerSchema(path: path, found: 9, known: 2, unknownMigrations: [])) {
            try HistoryStore.openForWriting(at: path)
        }
    }

    @Test func anUnknownMigrationAloneIsEnough() throws {
        let dir = try ScratchDirectory()
        let path = dir.file("history.sqlite")
        try makeCurrentDatabase(path)
        let queue = try rawQueue(path)
        try queue.write { db in try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v2b-hotfix')") }
        try queue.close()
        let expected = StoreError.newerSchema(path: path, found: 2, known: 2, unknownMigrations: ["v2b-hotfix"])
        #expect(throws: expected) { try HistoryStore.openForReading(at: path) }
        #expect(expected.description.contains("unknown migration v2b-hotfix"))
    }

    @Test func aReadOnlyFile() throws {
        let dir = try ScratchDirectory()
        let path = dir.file("history.sqlite")
        try makeCurrentDatabase(path)
        guard dir.makeReadOnly(path) else {
            print("skipped: cannot make a file read-only here (chattr +i / chmod)")
            return
        }
        let before = try #require(contents(path))
        #expect(throws: StoreError.readOnly(path: path)) { try HistoryStore.openForWriting(at: path) }
        // Reading a read-only history is fine.
        let reader = try #require(try HistoryStore.openForReading(at: path))
        #expect(try reader.summary().punches.map(\.total.count) == [1, 1])
        #expect(throws: StoreError.readOnly(path: path)) {
            try reader.beginSession(WorkoutSession(mode: .free, source: "test"))
        }
        try reader.close()
        #expect(contents(path) == before)
        #expect(StoreError.readOnly(path: path).description == "cannot write \(path) (read-only); choose another --db")
    }

    @Test func aPathWhoseDirectoryIsAFile() throws {
        let dir = try ScratchDirectory()
        let file = dir.file("plain")
        _ = FileManager.default.createFile(atPath: file, contents: Data("x".utf8))
        let path = file + "/history.sqlite"
        #expect {
            try HistoryStore.openForWriting(at: path)
        } throws: { error in
            guard case .cannotCreate(let p, let reason) = error as? StoreError else { return false }
            return p == path && reason.contains("not a directory")
        }
        #expect(try HistoryStore.openForReading(at: path) == nil)
    }

    /// A value outside a typed column's vocabulary (written by hand, or by another program) is refused
    /// in one line naming the file and the column, not read as something else.
    @Test func aValueOutsideItsColumnsVocabulary() throws {
        let dir = try ScratchDirectory()
        let path = dir.file("history.sqlite")
        let store = try HistoryStore.openForWriting(at: path)
        let session = try store.beginSession(WorkoutSession(mode: .free, source: "test"))
        try store.addPunch(Punch(sessionId: session.id!, label: "jab", hand: .lead, start: 1, end: 1.2, confidence: 1))
        try store.close()
        let other = try rawQueue(path)
        try other.write { db in try db.execute(sql: "UPDATE punch SET hand = 'left'") }
        try other.close()
        let reader = try #require(try HistoryStore.openForReading(at: path))
        do {
            _ = try reader.punches(session: session.id!)
            Issue.record("a hand 'left' was read")
        } catch let error as StoreError {
            guard case .unreadableValue(path, "hand", _) = error else { Issue.record("\(error)"); return }
            #expect(error.description.hasPrefix("\(path) holds a hand this PunchCoach cannot read ("))
            #expect(!error.description.contains("\n"))
        }
        try reader.close()
    }

    /// Another connection holds the write lock: opening for writing, and writing with a store
    /// already open, fail after the busy timeout with `locked`.
    @Test func aDatabaseLockedByAnotherWriter() throws {
        let dir = try ScratchDirectory()
        let path = dir.file("history.sqlite")
        let store = try HistoryStore.openForWriting(at: path, busyTimeout: 0.2)
        let session = try store.beginSession(WorkoutSession(mode: .free, source: "test"))
        let other = try rawQueue(path)
        try other.inTransaction(.immediate) { db in
            try db.execute(sql: "INSERT INTO session (started_at, mode, source) VALUES ('2025-01-01 00:00:00.000', 'x', 'y')")
            let started = Date()
            #expect(throws: StoreError.locked(path: path)) { try HistoryStore.openForWriting(at: path, busyTimeout: 0.2) }
            #expect(throws: StoreError.locked(path: path)) {
                try store.addPunch(Punch(sessionId: session.id!, label: "jab", hand: .lead, start: 1, end: 1.2, confidence: 1))
            }
            #expect(Date().timeIntervalSince(started) >= 0.35)  // both waited for the lock first
            // In WAL mode a reader is not blocked by the writer: history works during a workout.
            let reader = try #require(try HistoryStore.openForReading(at: path, busyTimeout: 0.2))
            #expect(try reader.summary().sessions == 1)
            try reader.close()
            return .rollback
        }
        try store.addPunch(Punch(sessionId: session.id!, label: "jab", hand: .lead, start: 1, end: 1.2, confidence: 1))
        try store.close()
        #expect(
            StoreError.locked(path: path).description
                == "\(path) is locked by another process; close the other coach or wait")
    }

    /// Between workouts the database is in rollback-journal mode, where a writer's exclusive lock
    /// blocks readers too: reading fails after the busy timeout with `locked`.
    @Test func aDatabaseLockedExclusively() throws {
        let dir = try ScratchDirectory()
        let path = dir.file("history.sqlite")
        try makeCurrentDatabase(path)
        let other = try rawQueue(path)
        try other.inTransaction(.exclusive) { db in
            try db.execute(sql: "DELETE FROM punch")
            #expect(throws: StoreError.locked(path: path)) { try HistoryStore.openForReading(at: path, busyTimeout: 0.2) }
            #expect(throws: StoreError.locked(path: path)) { try HistoryStore.openForWriting(at: path, busyTimeout: 0.2) }
            return .rollback
        }
        let reader = try #require(try HistoryStore.openForReading(at: path))
        #expect(try reader.summary().punches.count == 2)
    }

    @Test func readingAnAbsentDatabaseCreatesNothing() throws {
        let dir = try ScratchDirectory()
        #expect(try HistoryStore.openForReading(at: dir.file("history.sqlite")) == nil)
        #expect(try HistoryStore.openForReading(at: dir.file("missing/dir/history.sqlite")) == nil)
        #expect(listing(dir.path).isEmpty)
    }

    @Test func readingAClosedDatabaseLeavesNoSideFiles() throws {
        let dir = try ScratchDirectory()
        let path = dir.file("history.sqlite")
        try makeCurrentDatabase(path)
        let before = try #require(contents(path))
        let reader = try #require(try HistoryStore.openForReading(at: path))
        _ = try reader.summary()
        try reader.close()
        #expect(listing(dir.path) == ["history.sqlite"])
        #expect(contents(path) == before)
    }
}
