import CoachStore
import Foundation
import TestSupport
import GRDB
import PunchKit
import Testing

/// Starts `punchcoach coach ARGUMENTS` in the background (no terminal), in `directory`.
func startCoach(_ arguments: [String], in directory: String, output: String) throws -> Process {
    let executable = try #require(punchcoachExecutable(), "the punchcoach executable is not built; run `swift build`")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["coach"] + arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    _ = FileManager.default.createFile(atPath: output, contents: nil)
    let handle = try #require(FileHandle(forWritingAtPath: output))
    process.standardOutput = handle
    process.standardError = handle
    process.standardInput = FileHandle.nullDevice
    try process.run()
    return process
}

@Suite(.enabled(if: coachModel != nil, "needs a model (Weights/punch-classifier.model or $PUNCHCOACH_MODEL)"))
struct CoachHeadlessTests {
    /// kill -9 in the middle of a round: the database opens, and holds every punch the coach had
    /// reported as committed (its events log), the rounds and prompts before them too.
    @Test func killNineMidRoundLosesNothingCommitted() throws {
        let dir = try ScratchDirectory()
        let db = dir.file("history.sqlite"), log = dir.file("events.log")
        let coach = try startCoach(
            ["--demo", "--mode", "rounds", "--rounds", "2", "--round-seconds", "60", "--rest-seconds", "5", "--headless",
             "--time-scale", "4", "--seed", "21", "--db", db, "--events-log", log, "--model", coachModel!],
            in: dir.path, output: dir.file("out"))
        defer { if coach.isRunning { kill(coach.processIdentifier, SIGKILL) } }
        #expect(waitUntil(30) { eventsLog(log, kind: "punch").count >= 4 }, "\((try? String(contentsOfFile: dir.file("out"), encoding: .utf8)) ?? "")")
        kill(coach.processIdentifier, SIGKILL)
        while coach.isRunning { usleep(10_000) }
        #expect(coach.terminationReason == .uncaughtSignal)
        let logged = eventsLog(log, kind: "punch")
        #expect(eventsLog(log, kind: "end").isEmpty, "killed before the end")
        // The database opens (for writing, as the next workout would, and for reading) and has them all.
        let store = try HistoryStore.openForWriting(at: db)
        let sessions = try store.sessions()
        #expect(sessions.count == 1 && sessions[0].endedAt == nil && sessions[0].mode == .rounds && sessions[0].source == "demo")
        let punches = try store.punches(session: try #require(sessions[0].id))
        let byId = Dictionary(uniqueKeysWithValues: punches.map { ($0.id!, $0) })
        for line in logged {
            let p = try #require(byId[Int64(line[1])!], "punch \(line) was reported but is not stored")
            #expect(p.label == line[2] && p.hand.rawValue == line[3])
            #expect(p.roundId != nil, "a punch of round 1 belongs to the round")
        }
        #expect(try store.rounds(session: sessions[0].id!).count == 1)
        try store.close()
        let history = try punchcoach(["history", "--db", db, "--json"])
        #expect(history.status == 0)
        #expect(try history.json()["sessions"] as? Int == 1)
    }

    /// Record mode with the demo: a clip a class, as a dataset `punchcoach train` reads.
    @Test func recordModeWritesADatasetOfEveryClass() throws {
        let dir = try ScratchDirectory()
        let coach = try startCoach(
            ["--demo", "--mode", "record", "--name", "tester", "--clips-per-class", "1", "--headless", "--time-scale", "10",
             "--seed", "4", "--db", dir.file("h.sqlite"), "--model", coachModel!],
            in: dir.path, output: dir.file("out"))
        defer { if coach.isRunning { kill(coach.processIdentifier, SIGKILL) } }
        #expect(waitUntil(60) { !coach.isRunning })
        #expect(coach.terminationStatus == 0, "\((try? String(contentsOfFile: dir.file("out"), encoding: .utf8)) ?? "")")
        let root = URL(fileURLWithPath: dir.file("Datasets/tester"))
        let classes = ["jab", "double_jab", "cross", "hook", "uppercut", "stance", "idle"]
        for label in classes {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(label).path)) ?? []
            #expect(files == ["tester_\(label)_001.csv"], "\(label): \(files)")
        }
        let dataset = try Dataset.load(root)
        #expect(Set(dataset.clips.compactMap(\.label)) == Set(classes))
        for clip in dataset.clips {
            #expect(clip.sequence.layout == .canonical && clip.sequence.world != nil)
            #expect(clip.duration > 3)
        }
        // Punch clips are located (by the detector or the callout's timing) inside their clip.
        let annotations = try Annotation.read(root.appendingPathComponent("annotations.csv"))
        #expect(annotations.count >= 3, "\(annotations)")
        for a in annotations {
            let clip = try #require(dataset.clips.first { $0.name == a.file })
            #expect(a.label == clip.label && a.start >= clip.sequence.times.first! && a.end <= clip.sequence.times.last!)
        }
        let out = try String(contentsOfFile: dir.file("out"), encoding: .utf8)
        #expect(out.contains("7 clips in"), "\(out)")
        // The summary says how to fine-tune the coach's model on the clips; that command works as printed
        // (one epoch here, to keep the test short).
        let suggestion = try #require(out.firstMatch(of: #/punchcoach (train --from [^,]+)/#)?.output.1, "\(out)")
        let arguments = suggestion.split(separator: " ").map(String.init)
        #expect(arguments.contains(coachModel!) && arguments.contains(root.path), "\(suggestion)")
        let tuned = try punchcoach(arguments + ["--epochs", "1"])
        #expect(tuned.status == 0, "\(tuned.stderr)")
        #expect(FileManager.default.fileExists(atPath: root.path + ".model"))
        // ... and how to check the tuned model before switching: a second session under the name it gives, the two
        // models compared on it by the evaluate command it prints.
        let check = try #require(out.firstMatch(of: #/--name (\S+) --clips-per-class 2\) and compare the two models on it: punchcoach (evaluate --model \S+ --data \S+ --against \S+)/#)?.output,
                                 "\(out)")
        #expect(check.1 == "tester-check" && check.2 == "evaluate --model \(root.path).model --data \(root.path)-check --against \(coachModel!)", "\(check.2)")
        let second = try startCoach(
            ["--demo", "--mode", "record", "--name", String(check.1), "--clips-per-class", "1", "--headless", "--time-scale", "10",
             "--seed", "5", "--db", dir.file("h.sqlite"), "--model", coachModel!],
            in: dir.path, output: dir.file("out2"))
        defer { if second.isRunning { kill(second.processIdentifier, SIGKILL) } }
        #expect(waitUntil(60) { !second.isRunning })
        let evaluated = try punchcoach(check.2.split(separator: " ").map(String.init))
        #expect(evaluated.status == 0 && evaluated.stdout.contains("Confusion matrix") && evaluated.stdout.contains("McNemar's exact test"),
                "\(evaluated.stderr)")
    }

    /// A skeleton CSV replayed at wall-clock pace (sped up): its punches are found and stored.
    @Test func skeletonReplayIsPacedAndStored() throws {
        let dir = try ScratchDirectory()
        try synthesize(dir.file("synth"), ["--clips-per-class", "1", "--subjects", "1", "--rounds", "1", "--round-seconds", "12", "--seed", "3"])
        let rounds = try FileManager.default.contentsOfDirectory(atPath: dir.file("synth/rounds")).filter { !$0.hasSuffix(".events.csv") }
        let csv = dir.file("synth/rounds/" + (try #require(rounds.first)))
        let started = Date()
        let r = try punchcoach(["coach", "--skeletons", csv, "--headless", "--time-scale", "4", "--db", dir.file("h.sqlite"),
                                "--model", coachModel!])
        let wall = Date().timeIntervalSince(started)
        #expect(r.status == 0, "\(r.stderr)")
        // 12 s of recording at ×4: about 3 s, never much faster (paced), and it ends with the input.
        #expect(wall > 2.5 && wall < 20, "took \(wall) s")
        #expect(r.stdout.contains("free workout") && r.stdout.contains("the input ended"), "\(r.stdout)")
        let stored = try storedPunches(dir.file("h.sqlite"))
        #expect(stored.count >= 3, "\(r.stdout)")
    }
}

/// Bad input: one line on stderr, a non-zero exit, no terminal touched, no database changed.
@Suite struct CoachBadInputTests {
    func expectOneLine(_ r: CommandResult, containing text: String) {
        #expect(r.status != 0)
        #expect(r.stderrLines.count == 1, "\(r.stderr)")
        #expect(r.stderr.contains(text), "\(r.stderr)")
        #expect(!r.stderr.contains("\u{1B}["), "no terminal escapes")
    }

    var model: [String] { coachModel.map { ["--model", $0] } ?? [] }

    @Test func aDatabaseOfANewerSchemaIsRefused() throws {
        let dir = try ScratchDirectory()
        let db = dir.file("newer.sqlite")
        #expect(try punchcoach(["debug-store", "fill", "--db", db]).status == 0)
        try DatabaseQueue(path: db).write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('v3-heart-rate'); PRAGMA user_version = 3")
        }
        let before = FileManager.default.contents(atPath: db)
        let r = try punchcoach(["coach", "--demo", "--db", db] + model)
        expectOneLine(r, containing: "was written by a newer PunchCoach")
        #expect(FileManager.default.contents(atPath: db) == before)
    }

    @Test func aReadOnlyDatabaseIsRefused() throws {
        let dir = try ScratchDirectory()
        let db = dir.file("history.sqlite")
        #expect(try punchcoach(["debug-store", "fill", "--db", db]).status == 0)
        guard dir.makeReadOnly(db) else { return }
        let r = try punchcoach(["coach", "--demo", "--db", db] + model)
        expectOneLine(r, containing: "cannot write \(db) (read-only)")
    }

    @Test func aLockedDatabaseIsRefused() throws {
        let dir = try ScratchDirectory()
        let db = dir.file("history.sqlite")
        #expect(try punchcoach(["debug-store", "fill", "--db", db]).status == 0)
        // Another writer holds an exclusive lock (on its own thread) while the coach starts.
        let other = try DatabaseQueue(path: db)
        let held = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            try? other.inTransaction(.exclusive) { _ in
                held.signal()
                release.wait()
                return .rollback
            }
            done.signal()
        }
        held.wait()
        let r = try punchcoach(["coach", "--demo", "--headless", "--seconds", "1", "--db", db] + model)
        release.signal()
        done.wait()
        expectOneLine(r, containing: "is locked by another process")
    }

    @Test func noCameraAndNoVideo() throws {
        expectOneLine(try punchcoach(["coach", "--camera", "7"] + model), containing: "camera:7: no camera at /dev/video7")
        expectOneLine(try punchcoach(["coach", "--video", "/nonexistent/fight.mp4"] + model), containing: "/nonexistent/fight.mp4: no such file")
        expectOneLine(try punchcoach(["coach", "--skeletons", "/nonexistent/s.csv"] + model), containing: "/nonexistent/s.csv: no such file")
    }

    @Test func aDamagedSkeletonFileNamesFileAndLine() throws {
        let path = repositoryRoot.appendingPathComponent("Tests/PunchKitTests/Fixtures/nan-cell.csv").path
        expectOneLine(try punchcoach(["coach", "--skeletons", path] + model), containing: "nan-cell.csv:")
    }

    @Test func withoutATerminalItSaysSo() throws {
        let dir = try ScratchDirectory()
        let r = try punchcoach(["coach", "--demo", "--db", dir.file("h.sqlite")] + model)
        expectOneLine(r, containing: "the coach needs a terminal")
        #expect(try storedPunches(dir.file("h.sqlite")).isEmpty)
    }

    @Test func badOptions() throws {
        for args in [["--demo", "--camera", "0"], ["--time-scale", "0"], ["--rounds", "0"], ["--mode", "sparring"], ["--name", "../x"]] {
            let r = try punchcoach(["coach"] + args)
            #expect(r.status != 0, "\(args)")
            #expect(r.stderr.contains("Error:"), "\(args): \(r.stderr)")
        }
        if coachModel != nil {
            let r = try punchcoach(["coach", "--demo", "--mode", "drill", "--punch", "haymaker", "--headless"] + model)
            expectOneLine(r, containing: "unknown punch 'haymaker' for --punch")
        }
    }
}
