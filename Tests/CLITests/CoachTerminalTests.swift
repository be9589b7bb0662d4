import Foundation
import TestSupport
import Testing

/// The coach as a user meets it, in a real terminal (tmux): it draws, shows punches, stores them,
/// and gives the terminal back on `q` and on SIGTERM. Skipped without tmux or a model.
@Suite(.serialized, .enabled(if: hasTmux && coachModel != nil, "needs tmux and a model (Weights/punch-classifier.model or $PUNCHCOACH_MODEL)"))
struct CoachTerminalTests {
    /// The punch labels on the screen's "last punches" panel.
    func screenPunches(_ screen: String) -> [String] {
        let labels = ["double jab", "jab", "cross", "hook", "uppercut"]
        var out: [String] = []
        for line in screen.split(separator: "\n") {
            for marker in ["• lead ", "• rear ", "✓ lead ", "✓ rear ", "✗ lead ", "✗ rear "] {
                guard let r = line.range(of: marker) else { continue }
                let rest = line[r.upperBound...]
                if let l = labels.first(where: { rest.hasPrefix($0) }) { out.append(l.replacingOccurrences(of: " ", with: "_")) }
            }
        }
        return out
    }

    @Test func roundsInTmuxShowPunchesQuitOnQRestoreTheTerminalAndStoreWhatWasShown() throws {
        let dir = try ScratchDirectory()
        let db = dir.file("history.sqlite"), log = dir.file("events.log")
        let tmux = try TmuxSession(width: 100, height: 30, command: try coachShellCommand(
            ["--demo", "--mode", "rounds", "--rounds", "1", "--round-seconds", "40", "--rest-seconds", "2",
             "--time-scale", "4", "--seed", "11", "--db", db, "--events-log", log], dir: dir, model: coachModel!))
        // The screen: title, round timer, skeleton, classifier bars.
        #expect(waitUntil(15) { tmux.capture().contains("ROUND 1/1") }, "\(tmux.capture())")
        #expect(waitUntil(20) { eventsLog(log, kind: "punch").count >= 3 }, "no punches: \(tmux.capture())")
        #expect(tmux.alternateScreen())
        usleep(150_000)  // one screen refresh
        let screen = tmux.capture()
        for text in ["PunchCoach · rounds", "source: demo", "classifier", "last punches", "stance", "? help"] {
            #expect(screen.contains(text), "screen lacks \(text):\n\(screen)")
        }
        let shown = screenPunches(screen)
        #expect(!shown.isEmpty, "no punch on the screen:\n\(screen)")
        try tmux.send("q")
        #expect(waitUntil(10) { tmux.capture().contains("COACH-ENDED") }, "\(tmux.capture())")
        #expect(try String(contentsOfFile: dir.file("status"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        // The terminal is back: no alternate screen, no coach on it, the same settings as before.
        #expect(!tmux.alternateScreen())
        let after = tmux.capture()
        #expect(!after.contains("last punches") && !after.contains("╭"), "\(after)")
        #expect(try String(contentsOfFile: dir.file("stty-before"), encoding: .utf8)
                == String(contentsOfFile: dir.file("stty-after"), encoding: .utf8))
        // The database holds every punch the coach reported, and those the screen showed.
        let stored = try storedPunches(db)
        let logged = eventsLog(log, kind: "punch")
        #expect(stored.count == logged.count && !stored.isEmpty)
        for line in logged { #expect(stored[Int64(line[1])!] == line[2], "\(line)") }
        var remaining = Array(stored.values)
        for label in shown {
            #expect(remaining.contains(label), "\(label) shown but not stored: \(stored)")
            if let i = remaining.firstIndex(of: label) { remaining.remove(at: i) }
        }
        // What the coach printed after giving the terminal back.
        #expect(after.contains("rounds workout") && after.contains("saved as session 1"), "\(after)")
    }

    @Test func sigtermRestoresTheTerminalAndKeepsThePunches() throws {
        let dir = try ScratchDirectory()
        let db = dir.file("history.sqlite"), log = dir.file("events.log")
        let tmux = try TmuxSession(width: 120, height: 40, command: try coachShellCommand(
            ["--demo", "--mode", "combo", "--combos", "50", "--time-scale", "4", "--seed", "5", "--db", db, "--events-log", log],
            dir: dir, model: coachModel!))
        #expect(waitUntil(20) { eventsLog(log, kind: "punch").count >= 2 }, "no punches: \(tmux.capture())")
        let shell = try #require(tmux.panePID())
        let coach = try #require(children(of: shell).first, "no coach process under the shell")
        #expect(kill(coach, SIGTERM) == 0)
        #expect(waitUntil(10) { tmux.capture().contains("COACH-ENDED") }, "\(tmux.capture())")
        #expect(try String(contentsOfFile: dir.file("status"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines) == "143")
        #expect(try String(contentsOfFile: dir.file("stderr"), encoding: .utf8).contains("stopped by SIGTERM"))
        #expect(!tmux.alternateScreen())
        #expect(try String(contentsOfFile: dir.file("stty-before"), encoding: .utf8)
                == String(contentsOfFile: dir.file("stty-after"), encoding: .utf8))
        let stored = try storedPunches(db)
        let logged = eventsLog(log, kind: "punch")
        #expect(stored.count == logged.count && !stored.isEmpty)
        #expect(eventsLog(log, kind: "end").count == 1, "the session was ended")
        #expect(eventsLog(log, kind: "prompt").count >= 1)
    }

    @Test func aTooSmallTerminalSaysSoAndTheCoachResumesWhenEnlarged() throws {
        let dir = try ScratchDirectory()
        let db = dir.file("history.sqlite")
        let tmux = try TmuxSession(width: 60, height: 20, command: try coachShellCommand(
            ["--demo", "--mode", "free", "--time-scale", "4", "--seed", "2", "--db", db], dir: dir, model: coachModel!))
        #expect(waitUntil(15) { tmux.capture().contains("terminal too small: 60×20, need 80×24") }, "\(tmux.capture())")
        try tmux.resize(width: 90, height: 28)
        #expect(waitUntil(10) { tmux.capture().contains("PunchCoach · free") }, "\(tmux.capture())")
        try tmux.resize(width: 79, height: 28)
        #expect(waitUntil(10) { tmux.capture().contains("terminal too small: 79×28, need 80×24") }, "\(tmux.capture())")
        try tmux.resize(width: 120, height: 40)
        #expect(waitUntil(10) { tmux.capture().contains("PunchCoach · free") })
        try tmux.send("q")
        #expect(waitUntil(10) { tmux.capture().contains("COACH-ENDED") }, "\(tmux.capture())")
        #expect(try String(contentsOfFile: dir.file("status"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        #expect(!tmux.alternateScreen())
    }

    /// `s` switches the stance a user sees read wrong, on the screen and in the stored session.
    @Test func theStanceKeySwitchesAndStoresTheStance() throws {
        let dir = try ScratchDirectory()
        let db = dir.file("history.sqlite"), log = dir.file("events.log")
        let tmux = try TmuxSession(width: 120, height: 40, command: try coachShellCommand(
            ["--demo", "--mode", "free", "--time-scale", "2", "--seed", "9", "--db", db, "--events-log", log],
            dir: dir, model: coachModel!))
        #expect(waitUntil(15) { tmux.capture().contains("PunchCoach · free") }, "\(tmux.capture())")
        let before = try #require(["orthodox", "southpaw"].first { tmux.capture().contains("you · \($0)") }, "\(tmux.capture())")
        let other = before == "orthodox" ? "southpaw" : "orthodox"
        try tmux.send("s")
        #expect(waitUntil(5) { tmux.capture().contains("you · \(other)") }, "\(tmux.capture())")
        #expect(waitUntil(5) { eventsLog(log, kind: "stance") == [["stance", other]] }, "\(eventsLog(log, kind: "stance"))")
        // It stays: the body is no longer read.
        usleep(1_500_000)
        #expect(tmux.capture().contains("you · \(other)"), "\(tmux.capture())")
        try tmux.send("q")
        #expect(waitUntil(10) { tmux.capture().contains("COACH-ENDED") }, "\(tmux.capture())")
        #expect(try String(contentsOfFile: dir.file("status"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }

    @Test func historyHelpAndSummaryScreens() throws {
        let dir = try ScratchDirectory()
        let db = dir.file("history.sqlite")
        #expect(try punchcoach(["debug-store", "fill", "--db", db, "--sessions", "6"]).status == 0)
        let tmux = try TmuxSession(width: 120, height: 40, command: try coachShellCommand(
            ["--demo", "--mode", "drill", "--punch", "cross", "--reps", "3", "--time-scale", "4", "--seed", "9", "--db", db],
            dir: dir, model: coachModel!))
        #expect(waitUntil(15) { tmux.capture().contains("DRILL · CROSS") }, "\(tmux.capture())")
        try tmux.send("?")
        #expect(waitUntil(5) { tmux.capture().contains("any key closes it") })
        try tmux.send("x")
        #expect(waitUntil(5) { !tmux.capture().contains("any key closes it") })
        try tmux.send("h")
        #expect(waitUntil(5) { tmux.capture().contains("PunchCoach · history · 7 sessions") }, "\(tmux.capture())")
        #expect(tmux.capture().contains("jab ·") && tmux.capture().contains("accuracy"))
        try tmux.send("h")
        // The drill ends after three reps: the summary waits for a key.
        #expect(waitUntil(30) { tmux.capture().contains("workout summary") }, "\(tmux.capture())")
        #expect(tmux.capture().contains("Drill cross:"))
        try tmux.send("q")
        #expect(waitUntil(10) { tmux.capture().contains("COACH-ENDED") }, "\(tmux.capture())")
        #expect(try String(contentsOfFile: dir.file("status"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }
}
