import GRDB

/// The history database's schema: its migrations, and the marks that tell a PunchCoach database
/// from any other SQLite file.
///
/// Migrations are the schema's timeline, never edited once shipped. Each sets `PRAGMA user_version`
/// to its schema version, so `sqlite3 history.sqlite 'PRAGMA user_version'` tells the version
/// without GRDB; `grdb_migrations` holds their identifiers. A database whose `user_version` is
/// higher, or that lists an identifier this build does not know, was written by a newer PunchCoach
/// and is refused, never migrated.
///
/// Times: wall-clock dates (`started_at`, `ended_at`, `created_at`) are UTC text
/// `YYYY-MM-DD HH:MM:SS.SSS` (GRDB's storage for `Date`, understood by SQLite's date functions);
/// times within a workout (`*_s`) are seconds on the session clock, from 0 at the session's start.
enum HistorySchema {
    /// `PRAGMA application_id` of every PunchCoach history database: "PnCh".
    static let applicationID: Int32 = 0x506E_4368

    /// The migrations this build knows, oldest first. Their position + 1 is their schema version.
    static let migrationIdentifiers = ["v1-sessions-punches", "v2-rounds-prompts-scoring"]

    /// The schema version this build writes.
    static var latestVersion: Int { migrationIdentifiers.count }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration(migrationIdentifiers[0]) { db in
            try createV1(db)
            try db.execute(sql: "PRAGMA application_id = \(applicationID)")
            try db.execute(sql: "PRAGMA user_version = 1")
        }
        migrator.registerMigration(migrationIdentifiers[1]) { db in
            try migrateToV2(db)
            try db.execute(sql: "PRAGMA user_version = 2")
        }
        return migrator
    }

    /// v1: sessions and the punches detected in them.
    private static func createV1(_ db: Database) throws {
        try db.create(table: "session") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("started_at", .datetime).notNull().indexed()
            t.column("ended_at", .datetime)
            t.column("mode", .text).notNull()  // free, drill, combo, rounds, record
            t.column("source", .text).notNull()  // camera:N, a video path, demo, a skeletons path
            t.column("stance", .text)  // orthodox, southpaw
            t.column("model", .text)  // the classifier's name
            t.column("model_hash", .text)  // and its training-data hash
            t.column("notes", .text)
        }
        try db.create(table: "punch") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("session_id", .integer).notNull().references("session", onDelete: .cascade)
            t.column("label", .text).notNull()
            t.column("hand", .text).notNull()  // lead, rear, none
            t.column("start_s", .double).notNull()
            t.column("end_s", .double).notNull()
            t.column("confidence", .double).notNull()
            t.column("peak_speed", .double)
            t.column("speed_units", .text)  // m/s, torso/s
            t.column("created_at", .datetime).notNull()
        }
        try db.create(index: "punch_on_session_label", on: "punch", columns: ["session_id", "label"])
    }

    /// v2: rounds, the callouts (prompts) of a workout, and how each punch answered one.
    private static func migrateToV2(_ db: Database) throws {
        try db.create(table: "round") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("session_id", .integer).notNull().references("session", onDelete: .cascade)
            t.column("number", .integer).notNull()  // 1, 2, … within the session
            t.column("started_s", .double).notNull()
            t.column("ended_s", .double)
            t.column("work_s", .double).notNull()
            t.column("rest_s", .double).notNull()
            t.uniqueKey(["session_id", "number"])
        }
        try db.create(table: "prompt") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("session_id", .integer).notNull().references("session", onDelete: .cascade)
            t.column("round_id", .integer).references("round", onDelete: .setNull)
            t.column("called_s", .double).notNull()
            t.column("combo", .text).notNull()  // the whole callout, e.g. "jab,cross,hook"
            t.column("position", .integer).notNull()  // 0-based position of this punch in the combo
            t.column("expected_label", .text).notNull()
            t.column("expected_hand", .text)  // lead, rear; NULL when either hand will do
        }
        try db.create(index: "prompt_on_session_label", on: "prompt", columns: ["session_id", "expected_label"])
        try db.alter(table: "punch") { t in
            t.add(column: "round_id", .integer).references("round", onDelete: .setNull)
            t.add(column: "prompt_id", .integer).references("prompt", onDelete: .setNull)
            t.add(column: "correct", .boolean)  // NULL when the punch answered no prompt
            t.add(column: "reaction_ms", .double)  // start_s − prompt.called_s, NULL when unprompted
        }
        try db.create(index: "punch_on_prompt", on: "punch", columns: ["prompt_id"])
    }
}
