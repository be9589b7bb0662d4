import CoachStore
import Foundation
import TestSupport
import GRDB
import Testing

/// `punchcoach history` as a user runs it.
@Suite struct HistoryCommandTests {
    @Test func anAbsentDatabaseIsNoWorkoutYet() throws {
        let dir = try ScratchDirectory()
        let path = dir.file("sub/history.sqlite")
        let json = try punchcoach(["history", "--db", path, "--json"])
        #expect(json.status == 0)
        let object = try json.json()
        #expect(object["sessions"] as? Int == 0)
        #expect((object["punches"] as? [Any])?.isEmpty == true)
        #expect(json.stderr == "no workouts yet at \(path); run `punchcoach coach`\n")
        let table = try punchcoach(["history", "--db", path])
        #expect(table.status == 0 && table.stdout == "no workouts yet at \(path); run `punchcoach coach`\n")
        let csv = try punchcoach(["history", "--db", path, "--csv"])
        #expect(csv.status == 0 && csv.stdout.split(separator: "\n").count == 1)  // the header alone
        #expect(dir.listing.isEmpty)  // history never creates anything
    }

    @Test func theDefaultDatabaseFollowsXDG() throws {
        let dir = try ScratchDirectory()
        let expected = dir.file("data/punchcoach/history.sqlite")
        let absent = try punchcoach(["history", "--json"], environment: ["XDG_DATA_HOME": dir.file("data")])
        #expect(absent.stderr.contains(expected))
        #expect(try punchcoach(["debug-store", "fill", "--db", expected]).status == 0)
        let filled = try punchcoach(["history", "--json"], environment: ["XDG_DATA_HOME": dir.file("data")])
        #expect(try filled.json()["sessions"] as? Int == 2)
        #expect(try filled.json()["database"] as? String == expected)
        let home = try punchcoach(["history"], environment: ["XDG_DATA_HOME": nil, "HOME": dir.file("home")])
        #expect(home.stdout.contains(dir.file("home/.local/share/punchcoach/history.sqlite")))
    }

    /// After sessions: per-punch counts equal the punches stored, and accuracy and reaction time are
    /// those recomputed here from the stored prompts.
    @Test func jsonAfterSessionsMatchesTheStoredPunchesAndPrompts() throws {
        let dir = try ScratchDirectory()
        let path = dir.file("history.sqlite")
        let fill = try punchcoach(["debug-store", "fill", "--db", path, "--sessions", "3", "--seed", "5"])
        #expect(fill.status == 0, "\(fill.stderr)")
        let result = try punchcoach(["history", "--db", path, "--json", "--last", "2"])
        #expect(result.status == 0 && result.stderr.isEmpty)
        let trimmed = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(trimmed.hasPrefix("{") && trimmed.hasSuffix("}"))
        let object = try result.json()
        #expect(object["sessions"] as? Int == 3)
        let entries = try #require(object["punches"] as? [[String: Any]])

        let store = try #require(try HistoryStore.openForReading(at: path))
        let sessions = try store.sessions()
        let punches = try sessions.flatMap { try store.punches(session: $0.id!) }
        let prompts = try sessions.flatMap { try store.prompts(session: $0.id!) }
        try store.close()

        #expect(entries.map { $0["label"] as? String } == ["jab", "double_jab", "cross", "hook", "uppercut"])
        #expect(entries.map { $0["count"] as? Int ?? -1 }.reduce(0, +) == punches.count)
        for entry in entries {
            let label = try #require(entry["label"] as? String)
            let mine = punches.filter { $0.label == label }
            #expect(entry["count"] as? Int == mine.count, "\(label)")
            #expect(entry["thrown"] as? Int == mine.count * (label == "double_jab" ? 2 : 1))
            let called = prompts.filter { $0.expectedLabel == label }
            let right = called.filter { p in
                punches.contains { $0.promptId == p.id && $0.label == label && (p.expectedHand == nil || p.expectedHand == $0.hand) }
            }
            #expect(entry["prompted"] as? Int == called.count)
            let accuracy = try #require(entry["accuracy"] as? Double)
            #expect(abs(accuracy - Double(right.count) / Double(called.count)) < 1e-12, "\(label)")
            let reactions = mine.compactMap { punch in prompts.first { $0.id == punch.promptId }.map { (punch.start - $0.calledAt) * 1000 } }
            let reaction = try #require(entry["reaction_ms_mean"] as? Double)
            #expect(abs(reaction - reactions.reduce(0, +) / Double(reactions.count)) < 1e-6, "\(label)")
            let speeds = mine.compactMap(\.peakSpeed)
            let speedMean = try #require(entry["speed_mean"] as? Double)
            let expectedSpeed: Double = speeds.reduce(0, +) / Double(speeds.count)
            #expect(abs(speedMean - expectedSpeed) < 1e-9)
            let trend = try #require(entry["trend"] as? [[String: Any]])
            #expect(trend.map { $0["session"] as? Int } == sessions.suffix(2).map { Int($0.id!) })
            #expect(trend.map { $0["count"] as? Int } == sessions.suffix(2).map { s in mine.filter { $0.sessionId == s.id }.count })
        }
    }

    @Test func csvHasOneRowPerPunch() throws {
        let dir = try ScratchDirectory()
        let path = dir.file("history.sqlite")
        #expect(try punchcoach(["debug-store", "fill", "--db", path]).status == 0)
        let csv = try punchcoach(["history", "--db", path, "--csv"])
        #expect(csv.status == 0)
        let rows = csv.stdout.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        #expect(rows.first?.joined(separator: ",") == "label,count,thrown,prompted,correct,accuracy,reaction_ms_mean,speed_mean,speed_torso_mean")
        #expect(rows.dropFirst().map { String($0[0]) } == ["jab", "double_jab", "cross", "hook", "uppercut"])
        let json = try #require(try punchcoach(["history", "--db", path, "--json"]).json()["punches"] as? [[String: Any]])
        for (row, entry) in zip(rows.dropFirst(), json) {
            #expect(Int(row[1]) == entry["count"] as? Int)
            // Foundation's JSON parser is not correctly rounded: compare to the last bits.
            #expect(abs(Double(row[5])! - (entry["accuracy"] as? Double ?? .nan)) < 1e-12)
            #expect(abs(Double(row[7])! - (entry["speed_mean"] as? Double ?? .nan)) < 1e-12)
        }
    }

    @Test func onePunchInDepth() throws {
        let dir = try ScratchDirectory()
        let path = dir.file("history.sqlite")
        #expect(try punchcoach(["debug-store", "fill", "--db", path]).status == 0)
        let json = try punchcoach(["history", "--db", path, "--punch", "hook", "--json"])
        let entries = try #require(try json.json()["punches"] as? [[String: Any]])
        #expect(entries.count == 1 && entries[0]["label"] as? String == "hook")
        let hands = try #require(entries[0]["hands"] as? [[String: Any]])
        #expect(hands.map { $0["count"] as? Int ?? 0 }.reduce(0, +) == entries[0]["count"] as? Int)
        let speed = try #require(entries[0]["speed_distribution"] as? [String: Any])
        #expect(speed["units"] as? String == "m/s" && speed["count"] as? Int == entries[0]["count"] as? Int)
        let table = try punchcoach(["history", "--db", path, "--punch", "hook"])
        #expect(table.status == 0)
        for part in ["hook:", "Last 2 sessions", "By hand", "lead", "Speed (m/s"] { #expect(table.stdout.contains(part), "\(part)") }
    }

    @Test func anUnknownPunchListsTheKnownOnes() throws {
        let dir = try ScratchDirectory()
        let path = dir.file("history.sqlite")
        #expect(try punchcoach(["debug-store", "fill", "--db", path]).status == 0)
        let result = try punchcoach(["history", "--db", path, "--punch", "haymaker", "--json"])
        #expect(result.status != 0 && result.stdout.isEmpty)
        #expect(result.stderrLines == ["Error: unknown punch type 'haymaker' for --punch; known: jab, double_jab, cross, hook, uppercut"])
    }

    @Test func jsonAndCsvAreExclusive() throws {
        let result = try punchcoach(["history", "--json", "--csv"])
        #expect(result.status != 0 && result.stdout.isEmpty)
    }

    /// Each bad database: one line on stderr naming the file and what to do, non-zero exit, nothing
    /// on stdout even with --json, the file untouched.
    @Test func badDatabasesAreRefusedInOneLine() throws {
        let dir = try ScratchDirectory()
        let text = dir.file("notes.txt")
        _ = FileManager.default.createFile(atPath: text, contents: Data("round 1: jab jab cross\n".utf8))
        let foreign = dir.file("contacts.sqlite")
        try DatabaseQueue(path: foreign).write { db in try db.execute(sql: "CREATE TABLE contact (name TEXT)") }
        let newer = dir.file("newer.sqlite")
        #expect(try punchcoach(["debug-store", "fill", "--db", newer]).status == 0)
        try DatabaseQueue(path: newer).write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('v3-heart-rate'); PRAGMA user_version = 3")
        }
        let folder = dir.file("folder")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let cases: [(String, String)] = [
            (folder, "\(folder) is a directory, not a database file; pass a file path with --db"),
            (text, "\(text) is not a PunchCoach database (not SQLite); choose another --db"),
            (foreign, "\(foreign) is an SQLite database of another program, not PunchCoach's; choose another --db"),
            (newer, "\(newer) was written by a newer PunchCoach (schema v3 > v2); update PunchCoach or use --db with another file"),
        ]
        for (path, message) in cases {
            let before = FileManager.default.contents(atPath: path)
            for format in [["--json"], ["--csv"], []] {
                let result = try punchcoach(["history", "--db", path] + format)
                #expect(result.status != 0, "\(path)")
                #expect(result.stdout.isEmpty, "\(path)")
                #expect(result.stderrLines == ["Error: " + message[...]])
            }
            #expect(FileManager.default.contents(atPath: path) == before)
        }
        #expect(dir.listing == ["contacts.sqlite", "folder", "newer.sqlite", "notes.txt"])
    }

    @Test func aReadOnlyDatabaseCanBeRead() throws {
        let dir = try ScratchDirectory()
        let path = dir.file("history.sqlite")
        #expect(try punchcoach(["debug-store", "fill", "--db", path]).status == 0)
        guard dir.makeReadOnly(path) else {
            print("skipped: cannot make a file read-only here")
            return
        }
        let result = try punchcoach(["history", "--db", path, "--json"])
        #expect(result.status == 0)
        #expect(try result.json()["sessions"] as? Int == 2)
        let write = try punchcoach(["debug-store", "fill", "--db", path])
        #expect(write.status != 0)
        #expect(write.stderrLines == ["Error: cannot write \(path) (read-only); choose another --db"])
    }
}
