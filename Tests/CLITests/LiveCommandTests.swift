import Foundation
import TestSupport
import Testing

/// The camera stand-in on the command line (`--live`): `bench --live`, `classify --live`, the coach on a
/// live video in a real terminal, and the ways to misuse `--live`. The video is opencv-doc's vtest.avi
/// (real, 768x576, 10 fps, people walking); no test asserts a duration.
@Suite struct LiveCommandTests {
    /// `bench --live` runs the coach's live path and reports it: every key the checks read, frames that
    /// add up, a camera's pace (never more frames than the clock allows), the threads by name.
    @Test(.enabled(if: OpenCVSamples.available && coachModel != nil, Comment(rawValue: OpenCVSamples.missingNote)))
    func benchLiveReportsTheLivePath() throws {
        let scratch = try ScratchDirectory()
        let video = try #require(OpenCVSamples.path("vtest.avi", in: scratch), "\(OpenCVSamples.missingNote)")
        let r = try punchcoach(["bench", "--live", video, "--seconds", "3", "--model", coachModel!, "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try r.json()
        for key in ["frames_delivered", "frames_processed", "frames_dropped", "pose_ms_median", "pose_ms_p95",
                    "capture_to_event_ms_median", "capture_to_event_ms_p95", "events"] {
            #expect(json.keys.contains(key), "no \(key) in \(json.keys.sorted())")
        }
        let delivered = try #require(json["frames_delivered"] as? Int), processed = try #require(json["frames_processed"] as? Int)
        #expect(processed > 0 && delivered == processed + (json["frames_dropped"] as? Int ?? -1), "\(json)")
        let wall = try #require(json["seconds"] as? Double), fps = try #require(json["fps"] as? Double)
        #expect(Double(delivered) <= fps * wall + 2, "\(delivered) frames in \(wall) s at \(fps) fps: faster than a camera")
        #expect((json["pose_ms_median"] as? Double ?? 0) > 0)
        let events = try #require(json["events"] as? [[String: Any]])
        if events.isEmpty { #expect(json["capture_to_event_ms_median"] is NSNull) }
        let threads = try #require(json["threads"] as? [[String: Any]]).compactMap { $0["name"] as? String }
        #expect(threads.contains("pc-camera") && threads.contains("pc-capture"), "\(threads)")
    }

    /// `classify --live` streams the video as a camera delivers it and says what it missed.
    @Test(.enabled(if: OpenCVSamples.available && coachModel != nil, Comment(rawValue: OpenCVSamples.missingNote)))
    func classifyLiveCountsDeliveredAndDroppedFrames() throws {
        let scratch = try ScratchDirectory()
        let video = try #require(OpenCVSamples.path("vtest.avi", in: scratch), "\(OpenCVSamples.missingNote)")
        let r = try punchcoach(["classify", video, "--live", "--seconds", "2", "--model", coachModel!, "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try r.json()
        let frames = try #require(json["frames"] as? Int), delivered = try #require(json["frames_delivered"] as? Int)
        #expect(frames > 0 && frames <= delivered && json["frames_dropped"] is Int, "\(json)")
        #expect(r.stderr.contains("live: \(delivered) frames delivered"), "\(r.stderr)")
    }

    /// The coach on a live video in tmux: it draws the live source, and `q` in the middle of the video
    /// (the capture thread busy) gives the terminal back as it was, exit status 0.
    @Test(.enabled(if: OpenCVSamples.available && hasTmux && coachModel != nil, "needs opencv-doc, tmux and a model"))
    func coachOnALiveVideoQuitsCleanly() throws {
        let dir = try ScratchDirectory()
        let video = try #require(OpenCVSamples.path("vtest.avi", in: dir), "\(OpenCVSamples.missingNote)")
        let tmux = try TmuxSession(width: 100, height: 30, command: try coachShellCommand(
            ["--video", video, "--live", "--db", dir.file("h.sqlite")], dir: dir, model: coachModel!))
        // Frames arrive: the status line counts them (`N fps`, N > 0).
        let arriving = waitUntil(20) {
            tmux.capture().split(separator: "\n").last.map { $0.range(of: #"^\s*[1-9][0-9]* fps"#, options: .regularExpression) != nil } ?? false
        }
        #expect(arriving, "\(tmux.capture())")
        #expect(tmux.alternateScreen())
        try tmux.send("q")
        #expect(waitUntil(10) { tmux.capture().contains("COACH-ENDED") }, "\(tmux.capture())")
        #expect(try String(contentsOfFile: dir.file("status"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        #expect(!tmux.alternateScreen())
        #expect(try String(contentsOfFile: dir.file("stty-before"), encoding: .utf8)
                == String(contentsOfFile: dir.file("stty-after"), encoding: .utf8))
        #expect(tmux.capture().contains("free workout"), "\(tmux.capture())")
    }

    /// `--live` where it means nothing, or without its video: one line naming what to do, exit ≠ 0.
    @Test func misusesOfLiveGiveOneLine() throws {
        let scratch = try ScratchDirectory()
        let csv = repositoryRoot.appendingPathComponent("Tests/PunchKitTests/Fixtures/truncated.csv").path
        let png = scratch.file("photo.png")
        try Data("not looked at".utf8).write(to: URL(fileURLWithPath: png))
        let missing = scratch.file("missing.mp4")
        let cases: [([String], String)] = [
            (["coach", "--live", "--db", scratch.file("h.sqlite")], "give --video FILE"),
            (["coach", "--video", missing, "--live", "--time-scale", "4"], "leave out --time-scale"),
            (["coach", "--video", missing, "--live", "--db", scratch.file("h.sqlite")], "\(missing): no such file"),
            (["classify", csv, "--live"], "not a skeleton CSV"),
            (["classify", missing, "--live"], "\(missing): no such file"),
            (["extract", png, "--live", "--out", scratch.file("o.csv")], "not an image"),
            (["bench", "--live", missing], "\(missing): no such file"),
            (["bench", "--seconds", "3"], "--seconds 3.0: it limits bench --live"),
        ]
        for (arguments, text) in cases {
            let r = try punchcoach(arguments)
            #expect(r.status != 0, "\(arguments)")
            #expect(r.stderrLines.count == 1 && r.stderr.contains(text), "\(arguments): \(r.stderr)")
            #expect(r.stdout.isEmpty, "\(arguments): \(r.stdout)")
        }
    }
}
