import Foundation

/// What a path holds, checked before SQLite opens it: SQLite would happily "open" a directory or a
/// text file and fail later with a vaguer message, or create a file where none should be.
enum DatabaseFile: Equatable {
    case absent
    case file(size: Int)

    /// The first 16 bytes of every SQLite 3 database.
    static let sqliteHeader = Array("SQLite format 3\0".utf8)

    static func check(_ path: String) throws(StoreError) -> DatabaseFile {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return .absent }
        if isDirectory.boolValue { throw .isDirectory(path: path) }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .unreadable(path: path, reason: "permission denied")
        }
        defer { try? handle.close() }
        let head: Data
        do { head = try handle.read(upToCount: sqliteHeader.count) ?? Data() } catch {
            throw .unreadable(path: path, reason: error.localizedDescription)
        }
        // An empty file is an empty database to SQLite.
        if !head.isEmpty && Array(head) != sqliteHeader { throw .notSQLite(path: path) }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? head.count
        return .file(size: size)
    }

    /// Creates the directory that will hold a new database at `path`.
    static func createParentDirectory(of path: String) throws(StoreError) {
        let parent = (path as NSString).deletingLastPathComponent
        guard !parent.isEmpty else { return }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory) {
            if !isDirectory.boolValue { throw .cannotCreate(path: path, reason: "\(parent) is not a directory") }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreate(path: path, reason: "cannot create the directory \(parent)")
        }
    }

    /// Throws `readOnly` unless the file (when it exists) and its directory can be written: WAL
    /// mode keeps `-wal` and `-shm` files beside the database. Asks the kernel (`access`), which
    /// also answers for root, for immutable files (`chattr +i`) and read-only mounts.
    static func requireWritable(_ path: String, exists: Bool) throws(StoreError) {
        let parent = (path as NSString).deletingLastPathComponent
        if exists && access(path, W_OK) != 0 { throw .readOnly(path: path) }
        if access(parent.isEmpty ? "." : parent, W_OK) != 0 { throw .readOnly(path: path) }
    }
}
