import GRDB

/// What an SQLite file says about itself before the store touches it: whose it is, and which
/// schema it has. Read on a read-only connection, so inspecting changes nothing.
struct SchemaInspection: Equatable {
    var applicationID: Int32
    var userVersion: Int
    /// Tables, views, indexes and triggers, by name.
    var schemaObjects: Set<String>
    var appliedMigrations: Set<String>

    enum Verdict: Equatable {
        /// No schema at all: a new file.
        case empty
        /// Every migration of this build, and no other.
        case current
        /// A PunchCoach database this build can migrate.
        case older
        /// Written by a newer PunchCoach: never migrate it.
        case newer(found: Int, unknownMigrations: [String])
        /// Another program's database: never touch it.
        case foreign
    }

    static func read(_ db: Database) throws -> SchemaInspection {
        let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        let userVersion = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        let objects = try String.fetchSet(db, sql: "SELECT name FROM sqlite_master WHERE substr(name, 1, 7) != 'sqlite_'")
        var applied: Set<String> = []
        if try db.tableExists("grdb_migrations") {
            applied = try String.fetchSet(db, sql: "SELECT identifier FROM grdb_migrations")
        }
        return SchemaInspection(
            applicationID: applicationID, userVersion: userVersion, schemaObjects: objects,
            appliedMigrations: applied)
    }

    var verdict: Verdict {
        // A first migration that failed may leave GRDB's empty bookkeeping table behind.
        let bookkeepingOnly = schemaObjects.isSubset(of: ["grdb_migrations"]) && appliedMigrations.isEmpty
        if bookkeepingOnly && applicationID == 0 && userVersion == 0 { return .empty }
        guard applicationID == HistorySchema.applicationID else { return .foreign }
        let known = HistorySchema.migrationIdentifiers
        let unknown = appliedMigrations.subtracting(known).sorted()
        if !unknown.isEmpty || userVersion > HistorySchema.latestVersion {
            return .newer(found: max(userVersion, HistorySchema.latestVersion), unknownMigrations: unknown)
        }
        return appliedMigrations == Set(known) ? .current : .older
    }
}
