import Foundation
import GRDB
import PunchKit

/// A failure of the history store: one line naming the file and what to do.
public enum StoreError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The path is a directory.
    case isDirectory(path: String)
    /// The file is not an SQLite database.
    case notSQLite(path: String)
    /// An SQLite database of another program (no PunchCoach marks).
    case foreignDatabase(path: String)
    /// Written by a newer PunchCoach: its schema `found` is beyond the `known` one, or it lists
    /// migrations this build does not know.
    case newerSchema(path: String, found: Int, known: Int, unknownMigrations: [String])
    /// The file, or the directory that should hold it, cannot be written.
    case readOnly(path: String)
    /// Another connection holds the write lock longer than the busy timeout.
    case locked(path: String)
    /// The file cannot be read (permissions).
    case unreadable(path: String, reason: String)
    /// The file or its directory cannot be created.
    case cannotCreate(path: String, reason: String)
    /// SQLite found the file damaged.
    case corrupt(path: String, reason: String)
    /// The disk is full.
    case diskFull(path: String)
    /// A write named a session, round or prompt that is not in the database.
    case unknownRecord(path: String, what: String)
    /// A row holds a value no record of this build can hold (e.g. a hand other than lead, rear, none).
    case unreadableValue(path: String, column: String, reason: String)
    /// Any other SQLite failure.
    case sqlite(path: String, message: String)

    /// One line, whatever a damaged file's values quoted in the reason hold.
    public var description: String { text.oneLine }

    private var text: String {
        switch self {
        case .isDirectory(let path):
            "\(path) is a directory, not a database file; pass a file path with --db"
        case .notSQLite(let path):
            "\(path) is not a PunchCoach database (not SQLite); choose another --db"
        case .foreignDatabase(let path):
            "\(path) is an SQLite database of another program, not PunchCoach's; choose another --db"
        case .newerSchema(let path, let found, let known, let unknown):
            if found > known {
                "\(path) was written by a newer PunchCoach (schema v\(found) > v\(known)); update PunchCoach or use --db with another file"
            } else {
                "\(path) was written by a newer PunchCoach (unknown migration \(unknown.joined(separator: ", "))); update PunchCoach or use --db with another file"
            }
        case .readOnly(let path):
            "cannot write \(path) (read-only); choose another --db"
        case .locked(let path):
            "\(path) is locked by another process; close the other coach or wait"
        case .unreadable(let path, let reason):
            "cannot read \(path) (\(reason)); check its permissions or choose another --db"
        case .cannotCreate(let path, let reason):
            "cannot create \(path) (\(reason)); choose another --db"
        case .corrupt(let path, let reason):
            "\(path) is damaged (\(reason)); restore a copy or choose another --db"
        case .diskFull(let path):
            "cannot write \(path): the disk is full; free some space"
        case .unknownRecord(let path, let what):
            "\(path) has no \(what); it may have been deleted while the coach ran"
        case .unreadableValue(let path, let column, let reason):
            "\(path) holds a \(column) this PunchCoach cannot read (\(reason)); restore a copy or choose another --db"
        case .sqlite(let path, let message):
            "\(path): SQLite error: \(message)"
        }
    }

    /// The StoreError for an error thrown while using the database at `path`.
    static func wrap(_ error: any Error, path: String) -> StoreError {
        if let error = error as? StoreError { return error }
        if let error = error as? UnreadableColumn {
            return .unreadableValue(path: path, column: error.column, reason: error.reason)
        }
        if case let .dataCorrupted(context) = error as? DecodingError {
            let column = context.codingPath.last?.stringValue ?? "value"
            return .unreadableValue(path: path, column: column, reason: context.debugDescription)
        }
        guard let error = error as? DatabaseError else {
            return .sqlite(path: path, message: String(describing: error))
        }
        let message = error.message ?? "\(error.resultCode)"
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED: return .locked(path: path)
        case .SQLITE_READONLY: return .readOnly(path: path)
        case .SQLITE_NOTADB: return .notSQLite(path: path)
        case .SQLITE_CORRUPT: return .corrupt(path: path, reason: message)
        case .SQLITE_FULL: return .diskFull(path: path)
        case .SQLITE_PERM, .SQLITE_AUTH: return .readOnly(path: path)
        case .SQLITE_CANTOPEN:
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                return .isDirectory(path: path)
            }
            return .cannotCreate(path: path, reason: "SQLite cannot open it")
        default: return .sqlite(path: path, message: message)
        }
    }
}
