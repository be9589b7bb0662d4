import Foundation
import TestSupport
import GRDB
import Testing

@testable import CoachStore

/// A coach killed with SIGKILL in the middle of writing punches loses nothing it had committed:
/// a child process (`punchcoach debug-store write-punches`) writes punches one by one as fast as
/// it can, printing each id after its commit returned; it is killed mid-way, three times over on
/// the same file; then the database opens, passes SQLite's integrity check, and holds every
/// printed id.
@Suite struct CrashTests {
    @Test func killNineLosesNoCommittedPunch() throws {
        guard let executable = punchcoachExecutable() else {
            Issue.record("the punchcoach executable is not built next to the tests; run `swift build` first")
            return
        }
        let dir = try ScratchDirectory()
        let path = dir.file("history.sqlite")
        var printed: [Int64] = []
        for (run, killAfter) in [150, 400, 900].enumerated() {
            let ids = try writeUntilKilled(executable: executable, db: path, killAfter: killAfter)
            #expect(ids.count >= killAfter, "run \(run): the writer printed \(ids.count) ids")
            printed += ids
        }
        #expect(Set(printed).count == printed.count)

        // Read-only first (as `punchcoach history` would), then as the next coach.
        let reader = try #require(try HistoryStore.openForReading(at: path))
        let readIds = Set(try reader.sessions().flatMap { try reader.punches(session: $0.id!) }.compactMap(\.id))
        #expect(reader.isReadOnly)
        try reader.close()
        #expect(Set(printed).isSubset(of: readIds), "missing: \(Set(printed).subtracting(readIds).sorted().prefix(10))")

        let store = try HistoryStore.openForWriting(at: path)
        let integrity = try store.dbQueue.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
        #expect(integrity == ["ok"])
        try store.dbQueue.read { db in try db.checkForeignKeys() }
        let sessions = try store.sessions()
        #expect(sessions.count == 3)
        #expect(sessions.allSatisfy { $0.endedAt == nil })  // each was killed mid-way
        let stored = Set(try sessions.flatMap { try store.punches(session: $0.id!) }.compactMap(\.id))
        #expect(Set(printed).isSubset(of: stored))
        // At most the one punch committed between its commit and its line on stdout is extra.
        #expect(stored.count - printed.count <= 3)
        try store.close()
        print("kill -9: \(printed.count) printed punch ids, \(stored.count) stored, all printed ones present")
    }

    /// Runs the writer, reads the ids it prints, kills it with SIGKILL once `killAfter` ids came,
    /// and returns every complete line it printed before dying.
    private func writeUntilKilled(executable: String, db: String, killAfter: Int) throws -> [Int64] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["debug-store", "write-punches", "--db", db]
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        var buffer = Data()
        var lineCount = 0
        let reader = stdout.fileHandleForReading
        let deadline = Date().addingTimeInterval(60)
        while lineCount < killAfter && Date() < deadline {
            let chunk = reader.availableData
            if chunk.isEmpty { break }  // the writer ended on its own
            buffer.append(chunk)
            lineCount += chunk.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        }
        kill(process.processIdentifier, SIGKILL)
        buffer.append(reader.readDataToEndOfFile())
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL)
        // A last line cut by the kill has no newline: it is not a complete report, skip it.
        let text = String(decoding: buffer, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        return lines.compactMap { Int64($0) }
    }
}
