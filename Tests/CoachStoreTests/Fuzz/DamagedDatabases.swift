import Foundation
import GRDB
import PunchKit
import TestSupport

@testable import CoachStore

/// The history files the fuzz cases start from, and SQLite-aware damage to them.
enum DamagedDatabases {
    /// Bytes of: a current history (two demo workouts), a v1 history (read through a migration in
    /// memory), another program's database, a text file.
    static func inputs() throws -> [[UInt8]] {
        let dir = try ScratchDirectory()
        let current = dir.file("current.sqlite"), v1 = dir.file("v1.sqlite"), other = dir.file("other.sqlite")
        let store = try HistoryStore.openForWriting(at: current)
        try DemoHistory.fill(store, sessions: 2, seed: 3, lastStart: Date(timeIntervalSince1970: 1_750_000_000), calloutsPerRound: 3)
        try store.close()
        let old = try DatabaseQueue(path: v1)
        try HistorySchema.migrator.migrate(old, upTo: "v1-sessions-punches")
        try old.write { db in
            try db.execute(sql: "INSERT INTO session (id, started_at, mode, source) VALUES (1, '2025-03-01 10:00:00.000', 'free', 'demo')")
            try db.execute(sql: """
                INSERT INTO punch (session_id, label, hand, start_s, end_s, confidence, peak_speed, speed_units, created_at)
                VALUES (1, 'hook', 'rear', 2, 2.4, 0.8, 6.5, 'm/s', '2025-03-01 10:00:02.000')
                """)
        }
        try old.close()
        let foreign = try DatabaseQueue(path: other)
        try foreign.write { db in try db.execute(sql: "CREATE TABLE contact (name TEXT, phone TEXT); INSERT INTO contact VALUES ('Ann', '555')") }
        try foreign.close()
        return try [current, v1, other].map { Array(try Data(contentsOf: URL(fileURLWithPath: $0))) }
            + [Array("session,punch\n1,jab\n".utf8)]
    }

    /// Damage that knows SQLite's layout: the 100-byte file header (page size, page count, schema
    /// cookie, text encoding, user version, application id), whole pages zeroed, copied over others
    /// or cut off; else the byte mutations any file gets.
    static func damage(_ input: [UInt8], _ rng: inout SeededRandom) -> (bytes: [UInt8], steps: [String]) {
        var bytes = input
        let declared = bytes.count >= 18 ? Int(bytes[16]) << 8 | Int(bytes[17]) : 4096
        let pageSize = declared == 1 ? 65536 : max(512, declared)  // 1 means 65 536
        let pages = max(1, bytes.count / pageSize)
        let page = rng.int(0...(pages - 1))
        let range = (page * pageSize)..<min(bytes.count, (page + 1) * pageSize)
        switch rng.int(0...4) {
        case 0 where bytes.count >= 100:
            let offsets = (0..<rng.int(1...3)).map { _ in rng.int(16...99) }
            for o in offsets { bytes[o] = UInt8(rng.int(0...255)) }
            return (bytes, ["header bytes \(offsets)"])
        case 1 where !range.isEmpty:
            for o in range { bytes[o] = 0 }
            return (bytes, ["zero page \(page + 1)"])
        case 2 where !range.isEmpty:
            let from = rng.int(0...(pages - 1)) * pageSize
            let count = min(range.count, bytes.count - from)
            bytes.replaceSubrange(range.lowerBound..<(range.lowerBound + count), with: bytes[from..<(from + count)])
            return (bytes, ["page at \(from) over page \(page + 1)"])
        case 3:
            bytes.removeSubrange(range.lowerBound...)
            return (bytes, ["cut before page \(page + 1)"])
        default:
            let offsets = (0..<rng.int(1...4)).map { _ in range.lowerBound + rng.int(0...max(0, range.count - 1)) }.filter { $0 < bytes.count }
            for o in offsets { bytes[o] ^= UInt8(1) << UInt8(rng.int(0...7)) }
            return (bytes, ["bits in page \(page + 1) at \(offsets)"])
        }
    }
}
