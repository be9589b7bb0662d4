import ArgumentParser
import CoachStore
import Foundation
import PunchKit

struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Workout history per punch: count, accuracy against callouts, reaction time, speed, trend.",
        discussion: """
            Reads the history database without changing it (an older schema is migrated in memory). \
            When there is no database yet, says so on stderr and prints an empty report \
            ({"sessions": 0, "punches": []} with --json), with exit 0.

            accuracy = callouts of the punch answered by that punch (and hand, when called) / callouts of \
            the punch; a callout nobody answered is a miss. reaction = callout → punch start, over the \
            punches of that type that answered a callout. speed = mean peak wrist speed in m/s. \
            A double jab is one event (count) of two punches (thrown).
            """)

    @OptionGroup var database: DatabaseOption

    @Option(help: ArgumentHelp(
        "Only this punch, in depth: one row a session, its lead/rear split, its speed distribution.",
        valueName: "TYPE"))
    var punch: String?

    @Option(help: ArgumentHelp("How many of the last sessions the trend shows.", valueName: "N"))
    var last = 10

    @OptionGroup var output: JSONOption

    @Flag(help: "Print CSV on stdout: a header, then one row per punch type.")
    var csv = false

    func validate() throws {
        if output.json && csv { throw ValidationError("--json and --csv print different formats; choose one") }
        if last < 1 { throw ValidationError("--last must be at least 1 (got \(last))") }
    }

    func run() async throws {
        let path = database.path
        let store = try HistoryStore.openForReading(at: path)
        defer { try? store?.close() }
        let seen = try store?.labels() ?? []
        if let punch {
            let known = PunchLabel.ordered(PunchLabel.punches.map(\.rawValue) + seen)
            guard known.contains(punch) else {
                throw CLIError("unknown punch type '\(punch)' for --punch; known: \(known.joined(separator: ", "))")
            }
        }
        let report: HistoryReport
        if let store {
            let summary = try store.summary(label: punch, lastSessions: last)
            let detail = try punch.map { try store.detail(label: $0, lastSessions: last) }
            report = HistoryReport(path: path, summary: summary, detail: detail)
        } else {
            report = HistoryReport(
                path: path, summary: HistorySummary(sessions: 0, firstSession: nil, lastSession: nil, punches: []),
                detail: nil)
        }
        if report.summary.sessions == 0 {
            let note = "no workouts yet at \(path); run `punchcoach coach`"
            if output.json || csv { FileHandle.standardError.write(Data((note + "\n").utf8)) } else { print(note) }
        }
        if output.json {
            print(report.json())
        } else if csv {
            print(report.csv(), terminator: "")
        } else if report.summary.sessions > 0 {
            print(report.table(), terminator: "")
        }
    }
}
