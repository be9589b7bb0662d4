import Foundation
import GRDB

/// The workout history: an SQLite database (through GRDB) of sessions, rounds, prompts and punches.
///
/// Open it for writing in the coach (`openForWriting`), for reading in `punchcoach history` and the
/// History screen (`openForReading`). Every write is its own committed transaction: once
/// `addPunch` returns, the punch survives a crash of the process (`kill -9`) — the database runs in
/// WAL mode with `synchronous=NORMAL`, where a commit is in the WAL file (the OS's page cache)
/// before it returns. A power cut can still lose the last commits (never corrupt the file): that
/// would take an fsync a punch, `synchronous=FULL`.
///
/// A file that is a directory, not SQLite, another program's database, or written by a newer
/// PunchCoach is refused with a `StoreError` before anything is written to it.
public final class HistoryStore: Sendable {
    /// The database file (`:memory:` for an in-memory store).
    public let path: String
    /// True for stores opened with `openForReading`: writes throw `StoreError.readOnly`.
    public let isReadOnly: Bool
    let dbQueue: DatabaseQueue

    private init(path: String, isReadOnly: Bool, dbQueue: DatabaseQueue) {
        self.path = path
        self.isReadOnly = isReadOnly
        self.dbQueue = dbQueue
    }

    /// `$XDG_DATA_HOME/punchcoach/history.sqlite`, else `~/.local/share/punchcoach/history.sqlite`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        // The XDG spec says to ignore a relative XDG_DATA_HOME.
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            return (dataHome as NSString).appendingPathComponent("punchcoach/history.sqlite")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return (home as NSString).appendingPathComponent(".local/share/punchcoach/history.sqlite")
    }

    /// Opens (creating it and its directory when absent) the database at `path` for a workout, and
    /// migrates it to this build's schema.
    ///
    /// - Parameter busyTimeout: how long a write waits for another connection's lock before
    ///   failing with `StoreError.locked`.
    /// - Throws: `StoreError`.
    public static func openForWriting(at path: String, busyTimeout: TimeInterval = 2) throws -> HistoryStore {
        do {
            switch try DatabaseFile.check(path) {
            case .absent:
                try DatabaseFile.createParentDirectory(of: path)
                try DatabaseFile.requireWritable(path, exists: false)
            case .file:
                try DatabaseFile.requireWritable(path, exists: true)
                // Refuse a newer or foreign database before the writing connection changes anything
                // (opening it in WAL mode would already rewrite its header).
                let inspection = try inspect(path: path, busyTimeout: busyTimeout)
                try refuseUnlessPunchCoach(inspection, path: path)
            }
            var config = configuration(busyTimeout: busyTimeout)
            config.journalMode = .wal
            let dbQueue = try DatabaseQueue(path: path, configuration: config)
            try HistorySchema.migrator.migrate(dbQueue)
            // Take the write lock once and write the header: a read-only file or a database locked
            // by another writer fails here, at open, not at the first punch.
            try dbQueue.inTransaction(.immediate) { db in
                try db.execute(sql: "PRAGMA user_version = \(HistorySchema.latestVersion)")
                return .commit
            }
            return HistoryStore(path: path, isReadOnly: false, dbQueue: dbQueue)
        } catch {
            throw StoreError.wrap(error, path: path)
        }
    }

    /// Opens the database at `path` read-only, for queries; nil when there is no file (no workout
    /// yet). Never creates, migrates or changes the file: a database of an older schema is copied
    /// into memory and migrated there.
    ///
    /// - Throws: `StoreError`.
    public static func openForReading(at path: String, busyTimeout: TimeInterval = 2) throws -> HistoryStore? {
        do {
            guard case .file(let size) = try DatabaseFile.check(path) else { return nil }
            if size == 0 { return try inMemory(path: path) }
            var config = configuration(busyTimeout: busyTimeout)
            config.readonly = true
            let fileQueue = try DatabaseQueue(path: path, configuration: config)
            let inspection = try fileQueue.read(SchemaInspection.read)
            try refuseUnlessPunchCoach(inspection, path: path)
            switch inspection.verdict {
            case .current:
                return HistoryStore(path: path, isReadOnly: true, dbQueue: fileQueue)
            default:  // empty or older
                let memory = try DatabaseQueue(configuration: configuration(busyTimeout: busyTimeout))
                try fileQueue.backup(to: memory)
                try fileQueue.close()
                try HistorySchema.migrator.migrate(memory)
                return HistoryStore(path: path, isReadOnly: true, dbQueue: memory)
            }
        } catch {
            throw StoreError.wrap(error, path: path)
        }
    }

    /// A new, empty, writable store in memory (tests, previews).
    public static func inMemory(path: String = ":memory:") throws -> HistoryStore {
        do {
            let dbQueue = try DatabaseQueue(configuration: configuration(busyTimeout: 0))
            try HistorySchema.migrator.migrate(dbQueue)
            return HistoryStore(path: path, isReadOnly: false, dbQueue: dbQueue)
        } catch {
            throw StoreError.wrap(error, path: path)
        }
    }

    /// Ends the connection. A writable store first folds the WAL into the database and leaves it
    /// in rollback-journal mode, so the file alone is the whole history and readers need no `-wal`
    /// or `-shm` files; when another connection is still open, the database simply stays in WAL
    /// mode. Nothing is lost either way: every write was committed when it returned.
    public func close() throws {
        do {
            if !isReadOnly && path != ":memory:" {
                try? dbQueue.writeWithoutTransaction { db in
                    // Never wait at exit: with another connection open, the switch just fails.
                    try db.execute(sql: "PRAGMA busy_timeout = 0")
                    _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE")
                }
            }
            try dbQueue.close()
        } catch {
            throw StoreError.wrap(error, path: path)
        }
    }

    /// The schema version of the open database.
    public func schemaVersion() throws -> Int {
        try read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 }
    }

    // MARK: - Shared plumbing

    static func configuration(busyTimeout: TimeInterval) -> Configuration {
        var config = Configuration()
        config.foreignKeysEnabled = true
        config.busyMode = .timeout(busyTimeout)
        config.label = "PunchCoach history"
        return config
    }

    private static func inspect(path: String, busyTimeout: TimeInterval) throws -> SchemaInspection {
        var config = configuration(busyTimeout: busyTimeout)
        config.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: config)
        defer { try? queue.close() }
        return try queue.read(SchemaInspection.read)
    }

    private static func refuseUnlessPunchCoach(_ inspection: SchemaInspection, path: String) throws {
        switch inspection.verdict {
        case .empty, .current, .older: return
        case .foreign: throw StoreError.foreignDatabase(path: path)
        case .newer(let found, let unknown):
            throw StoreError.newerSchema(
                path: path, found: found, known: HistorySchema.latestVersion, unknownMigrations: unknown)
        }
    }

    /// Runs `body` in a read transaction; errors become `StoreError`s naming the file.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        do { return try dbQueue.read(body) } catch { throw StoreError.wrap(error, path: path) }
    }

    /// Runs `body` in its own committed write transaction; errors become `StoreError`s.
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        if isReadOnly { throw StoreError.readOnly(path: path) }
        do { return try dbQueue.write(body) } catch { throw StoreError.wrap(error, path: path) }
    }
}
