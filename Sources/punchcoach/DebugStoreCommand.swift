import ArgumentParser
import CoachStore
import Foundation
import PunchKit

/// Hidden tools for the history store: fill a database with demo workouts, or write punches one by
/// one (the crash test kills it with SIGKILL mid-way).
struct DebugStoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "debug-store", abstract: "Tools for testing the history store.", shouldDisplay: false,
        subcommands: [Fill.self, WritePunches.self])

    struct Fill: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write demo workouts (callouts, answers, free punches) into a history database.")

        @Option(help: ArgumentHelp("The history database (created when absent).", valueName: "FILE"))
        var db: String

        @Option(help: "Number of sessions, a day apart, the last starting now.")
        var sessions = 2

        @Option(help: "Seed of the demo workouts.")
        var seed: UInt64 = 1

        func run() async throws {
            let store = try HistoryStore.openForWriting(at: db)
            let ids = try DemoHistory.fill(store, sessions: sessions, seed: seed)
            try store.close()
            FileHandle.standardError.write(Data("wrote sessions \(ids.map(String.init).joined(separator: ", ")) to \(db)\n".utf8))
        }
    }

    struct WritePunches: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "write-punches",
            abstract: "Begin a session and write punches one by one, printing each punch's id once it is committed.")

        @Option(help: ArgumentHelp("The history database (created when absent).", valueName: "FILE"))
        var db: String

        @Option(help: "Punches to write.")
        var count = 1_000_000

        @Option(help: "Pause between punches, in milliseconds.")
        var intervalMs = 0.0

        func run() async throws {
            let store = try HistoryStore.openForWriting(at: db)
            let session = try store.beginSession(WorkoutSession(mode: .free, source: "debug-store"))
            let labels = PunchLabel.punches.map(\.rawValue)
            var prompt: Prompt?
            for i in 0..<count {
                let t = Double(i) * 0.5
                if i % 4 == 0 {
                    prompt = try store.addPrompt(
                        Prompt(sessionId: session.id!, calledAt: t, combo: labels[i % labels.count], expectedLabel: labels[i % labels.count]))
                }
                let punch = try store.addPunch(
                    Punch(
                        sessionId: session.id!, promptId: i % 4 == 0 ? prompt?.id : nil, label: labels[i % labels.count],
                        hand: .lead, start: t + 0.3, end: t + 0.6, confidence: 0.9, peakSpeed: 5 + Double(i % 7) * 0.3))
                // Printed only after the commit returned: every id on stdout is in the database.
                FileHandle.standardOutput.write(Data("\(punch.id!)\n".utf8))
                if intervalMs > 0 { try await Task.sleep(nanoseconds: UInt64(intervalMs * 1_000_000)) }
            }
            try store.endSession(session.id!)
            try store.close()
        }
    }
}
