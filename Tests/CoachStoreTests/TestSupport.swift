import Foundation
import GRDB
import TestSupport
import Testing

@testable import CoachStore

/// The bytes of a file, to show that a refused database was left untouched.
func contents(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

/// Files in a directory, sorted.
func listing(_ directory: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
}

/// A raw GRDB connection to a file, for building fixtures the store would refuse to write.
func rawQueue(_ path: String) throws -> DatabaseQueue {
    try DatabaseQueue(path: path)
}

/// A database at `path` with this build's schema and one session with two punches, closed.
func makeCurrentDatabase(_ path: String) throws {
    let store = try HistoryStore.openForWriting(at: path)
    let session = try store.beginSession(WorkoutSession(mode: .free, source: "test"))
    for label in ["jab", "cross"] {
        try store.addPunch(Punch(sessionId: session.id!, label: label, hand: .lead, start: 1, end: 1.3, confidence: 0.9))
    }
    try store.close()
}

