import Foundation
import TestSupport
import PunchKit
import Testing

@Suite(.serialized) struct ExtractCommandTests {
    @Test(.enabled(if: OpenCVSamples.available, Comment(rawValue: OpenCVSamples.missingNote)))
    func aPhotoBecomesASkeletonCSVAndAnOverlay() throws {
        let scratch = try ScratchDirectory()
        let photo = try #require(OpenCVSamples.path("messi5.jpg", in: scratch), "\(OpenCVSamples.missingNote)")
        let csv = scratch.file("messi.csv"), png = scratch.file("messi.png")
        let r = try punchcoach(["extract", photo, "--out", csv, "--overlay", png, "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try r.json()
        #expect(json["frames"] as? Int == 1)
        #expect((json["mean_presence"] as? Double ?? 0) >= 0.9)
        #expect(json["output"] as? String == csv)
        #expect(json["fps"] is Double)
        let text = try String(contentsOfFile: csv, encoding: .utf8)
        #expect(text.hasPrefix("# layout=blazepose33 units=px source=blazepose "), "\(text.prefix(80))")
        #expect(text.split(separator: "\n").first!.contains("world=m"))
        let sequence = try SkeletonCSV.read(URL(fileURLWithPath: csv))
        #expect(sequence.layout == .blazepose33 && sequence.frameCount == 1 && sequence.world != nil)
        let canonical = try sequence.canonical()
        #expect(canonical.layout == .canonical && canonical.world != nil)
        let png4 = try Data(contentsOf: URL(fileURLWithPath: png)).prefix(4)
        #expect(Array(png4) == [0x89, 0x50, 0x4E, 0x47])
    }

    @Test(.enabled(if: OpenCVSamples.available, Comment(rawValue: OpenCVSamples.missingNote)))
    func aVideoStreamsWithAProgressBarAndAnOverlayVideo() throws {
        let scratch = try ScratchDirectory()
        let video = try #require(OpenCVSamples.path("vtest.avi", in: scratch), "\(OpenCVSamples.missingNote)")
        let csv = scratch.file("v.csv"), mp4 = scratch.file("v.mp4")
        let r = try punchcoach(["extract", video, "--out", csv, "--overlay", mp4, "--seconds", "2", "--threads", "2", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try r.json()
        #expect(json["frames"] as? Int == 21)  // 0.0 … 2.0 s at 10 fps
        #expect(json["fps"] as? Double == 10)
        #expect(r.stderr.contains("extract"))
        let sequence = try SkeletonCSV.read(URL(fileURLWithPath: csv))
        #expect(sequence.frameCount == 21 && abs(sequence.times.last! - 2.0) < 1e-6)
        #expect((try FileManager.default.attributesOfItem(atPath: mp4)[.size] as? Int ?? 0) > 10_000)
    }

    /// Ctrl-C ends an extraction cleanly: the frames read so far are written (the flag the handler sets
    /// is `TerminationSignals`', shared with the coach).
    @Test(.enabled(if: OpenCVSamples.available, Comment(rawValue: OpenCVSamples.missingNote)))
    func ctrlCStopsAnExtractionAndKeepsItsFrames() throws {
        let scratch = try ScratchDirectory()
        let video = try #require(OpenCVSamples.path("vtest.avi", in: scratch), "\(OpenCVSamples.missingNote)")
        let executable = try #require(punchcoachExecutable(), "the punchcoach executable is not built; run `swift build`")
        let csv = scratch.file("v.csv"), out = scratch.file("stdout"), err = scratch.file("stderr")
        for f in [out, err] { _ = FileManager.default.createFile(atPath: f, contents: nil) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["extract", video, "--out", csv, "--threads", "1", "--json"]
        process.standardOutput = FileHandle(forWritingAtPath: out)
        process.standardError = FileHandle(forWritingAtPath: err)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        // Ctrl-C once a tenth of the video's 795 frames is read (the progress bar's line, not a terminal).
        let started = Date()
        while process.isRunning, Date().timeIntervalSince(started) < 120,
              (try? String(contentsOfFile: err, encoding: .utf8))?.contains("extract: 10%") != true { usleep(20_000) }
        #expect(kill(process.processIdentifier, SIGINT) == 0)
        while process.isRunning, Date().timeIntervalSince(started) < 180 { usleep(20_000) }
        #expect(!process.isRunning, "still running 180 s after Ctrl-C")
        guard !process.isRunning else { return }
        let stderr = try String(contentsOfFile: err, encoding: .utf8)
        #expect(process.terminationReason == .exit && process.terminationStatus == 0, "\(stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [String: Any])
        let frames = try #require(json["frames"] as? Int)
        #expect(frames >= 79 && frames < 795, "\(frames) frames")
        #expect(try SkeletonCSV.read(URL(fileURLWithPath: csv)).frameCount == frames)
    }

    @Test func aSkeletonCSVIsConvertedToTheCanonicalLayout() throws {
        let scratch = try ScratchDirectory()
        var s = SkeletonSequence(layout: .blazepose33, units: .px, source: "test", hasWorld: true)
        for f in 0..<3 {
            let p = (0..<33).map { Vec3(Double($0), Double(f), 0) }
            s.append(time: Double(f) / 30, positions: p, confidences: Array(repeating: 0.5, count: 33), world: p)
        }
        let input = scratch.file("in.csv"), output = scratch.file("out.csv")
        try SkeletonCSV.write(s, to: URL(fileURLWithPath: input))
        let r = try punchcoach(["extract", input, "--out", output, "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try r.json()["frames"] as? Int == 3)
        let out = try SkeletonCSV.read(URL(fileURLWithPath: output))
        #expect(out.layout == .canonical && out.frameCount == 3)
        #expect(out.position(frame: 2, joint: Joint.leftWrist.rawValue) == Vec3(15, 2, 0))  // BlazePose's left wrist is joint 15
    }

    /// Each bad input: one line naming the file or device and what to do, a non-zero exit, nothing on stdout.
    @Test func badInputsGiveOneClearLine() throws {
        let scratch = try ScratchDirectory()
        let text = scratch.file("notes.mp4")
        try Data("meeting notes, not a video\n".utf8).write(to: URL(fileURLWithPath: text))
        var cases: [(args: [String], names: String, says: String)] = [
            (["extract", scratch.file("missing.mp4"), "--out", scratch.file("o.csv")], scratch.file("missing.mp4"), "no such file"),
            (["extract", text, "--out", scratch.file("o.csv")], text, "not a video"),
            (["extract", "camera:63", "--out", scratch.file("o.csv")], "camera:63", "no camera"),
            (["classify", text], text, "not a video"),
            (["classify", "camera:63"], "camera:63", "no camera"),
        ]
        if let video = OpenCVSamples.path("vtest.avi", in: scratch) {
            // The first 10 % of the AVI: its index and most frames are gone.
            let data = try Data(contentsOf: URL(fileURLWithPath: video))
            let cut = scratch.file("cut.avi")
            try data.prefix(data.count / 10).write(to: URL(fileURLWithPath: cut))
            cases.append((["extract", cut, "--out", scratch.file("o.csv")], cut, "truncated"))
        }
        for c in cases {
            let r = try punchcoach(c.args)
            #expect(r.status != 0, "\(c.args)")
            #expect(r.stdout.isEmpty)
            // One error line, the last; a truncated video is found out while reading, after progress lines.
            let errors = r.stderrLines.filter { $0.hasPrefix("Error:") }
            #expect(errors.count == 1 && r.stderrLines.last == errors.first, "\(c.args): \(r.stderr)")
            if !c.says.contains("truncated") { #expect(r.stderrLines.count == 1, "\(c.args): \(r.stderr)") }
            #expect(errors.first?.contains(c.names) == true && errors.first?.contains(c.says) == true, "\(c.args): \(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: scratch.file("o.csv")))
    }

    @Test(.enabled(if: OpenCVSamples.available, Comment(rawValue: OpenCVSamples.missingNote)))
    func classifyStreamsAVideoThroughThePoseModel() throws {
        let scratch = try ScratchDirectory()
        let video = try #require(OpenCVSamples.path("vtest.avi", in: scratch), "\(OpenCVSamples.missingNote)")
        let r = try punchcoach(["classify", video, "--seconds", "3", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try r.json()
        #expect(json["frames"] as? Int == 31)
        #expect(abs((json["seconds"] as? Double ?? 0) - 3) < 1e-6)
        #expect(json["events"] is [Any])
    }

    /// vtest.avi: people walking through a street for 79 s, nobody boxing — no punch events.
    @Test(.enabled(if: OpenCVSamples.available, Comment(rawValue: OpenCVSamples.missingNote)))
    func peopleWalkingThrowNoPunches() throws {
        let scratch = try ScratchDirectory()
        let video = try #require(OpenCVSamples.path("vtest.avi", in: scratch), "\(OpenCVSamples.missingNote)")
        let r = try punchcoach(["classify", video, "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try r.json()
        #expect(json["frames"] as? Int == 795)
        let events = try #require(json["events"] as? [[String: Any]])
        #expect(events.isEmpty, "\(events)")
    }
}
