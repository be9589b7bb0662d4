import Foundation
import PunchKit
import TestSupport
import Testing

@testable import CoachStore

/// Damaged history databases (issue 13): opening one through the store, and reading it as
/// `punchcoach history` and the History screen do, gives the history or a one-line `StoreError`
/// naming the file. Reading never changes the file nor leaves files beside it; writing refuses
/// what docs/history.md says it refuses ("Refused, never changed") without changing it.
@Suite struct HistoryFuzzTests {
    @Test func damagedDatabasesAreReadOrRefusedInOneLine() throws {
        try campaign("history-read", cases: 250) { path in
            let before = contents(path)
            do {
                if let store = try HistoryStore.openForReading(at: path, busyTimeout: 0.1) {
                    defer { try? store.close() }
                    try readEverything(store)
                }
            } catch {
                try requireUnchanged(path, before, "refusing it")
                throw error
            }
            try requireUnchanged(path, before, "reading it")
        }.expectNoFailures()
    }

    @Test func damagedDatabasesAreOpenedForWritingOrRefusedInOneLine() throws {
        try campaign("history-write", cases: 250) { path in
            let before = contents(path)
            do {
                let store = try HistoryStore.openForWriting(at: path, busyTimeout: 0.1)
                defer { try? store.close() }
                let session = try store.beginSession(WorkoutSession(mode: .free, source: "fuzz"))
                try store.addPunch(Punch(sessionId: session.id!, label: "jab", hand: .lead, start: 1, end: 1.2, confidence: 1))
                try readEverything(store)
            } catch let error as StoreError {
                if error.refusesUnchanged { try requireUnchanged(path, before, "refusing it (\(error))") }
                throw error
            }
        }.expectNoFailures()
    }

    /// The file has its bytes of `before`, and nothing was created beside it.
    private func requireUnchanged(_ path: String, _ before: Data?, _ doing: String) throws {
        if contents(path) != before { throw FuzzViolation("\(doing) changed the file") }
        let listed = listing((path as NSString).deletingLastPathComponent)
        if listed != ["history.sqlite"] { throw FuzzViolation("\(doing) left files beside the database: \(listed)") }
    }

    /// Each case damages one of the inputs and writes it to `history.sqlite` in its own folder.
    private func campaign(_ family: String, cases: Int, open: @escaping (String) throws -> Void) throws -> FuzzReport {
        let inputs = try DamagedDatabases.inputs()
        let bytes = Mutator(Mutator.Operation.bytes)
        return try FuzzCampaign(family, cases: cases).run { rng, folder in
            let input = rng.pick(inputs)
            let (damaged, steps) = rng.chance(0.6) ? DamagedDatabases.damage(input, &rng) : bytes.mutate(input, &rng)
            let path = folder.appendingPathComponent("history.sqlite").path
            try Data(damaged).write(to: URL(fileURLWithPath: path))
            return .init(steps: steps, mustName: path) { try open(path) }
        }
    }

    /// What `punchcoach history` (with and without `--punch`) and the History screen read.
    private func readEverything(_ store: HistoryStore) throws {
        _ = try store.summary()
        _ = try store.sessionSeries()
        for label in try store.labels() { _ = try store.detail(label: label) }
        for session in try store.sessions() {
            _ = try store.punches(session: session.id!)
            _ = try store.prompts(session: session.id!)
            _ = try store.rounds(session: session.id!)
        }
    }
}

extension StoreError {
    /// The refusals docs/history.md promises leave the file as it was.
    var refusesUnchanged: Bool {
        switch self {
        case .isDirectory, .notSQLite, .foreignDatabase, .newerSchema, .readOnly, .locked: true
        default: false
        }
    }
}
