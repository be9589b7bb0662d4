import Foundation
import TestSupport
import Testing

/// `bench --pose-video` (BlazePose on every frame of a real video, by stage) and the argument errors of
/// `tools/pose-vs-mediapipe`. The tool itself is never run with MediaPipe here: CI has no network, and
/// no test asserts a duration.
@Suite struct PoseSpeedCommandTests {
    static let tool = repositoryRoot.appendingPathComponent("tools/pose-vs-mediapipe").path

    /// On a few frames of a real video: every key, the frames asked for, stages that fit in the total.
    @Test(.enabled(if: OpenCVSamples.available, Comment(rawValue: OpenCVSamples.missingNote)))
    func benchPoseVideoReportsStages() throws {
        let scratch = try ScratchDirectory()
        let video = try #require(OpenCVSamples.path("vtest.avi", in: scratch), "\(OpenCVSamples.missingNote)")
        let r = try punchcoach(["bench", "--pose-video", video, "--frames", "6", "--threads", "2", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try r.json()
        for key in ["pose_ms_median", "pose_ms_p95", "stages_ms_median", "stages_ms_mean", "decode_ms_median",
                    "decode_alone_ms_median", "loop_ms_per_frame", "frames", "threads", "width", "height", "model"] {
            #expect(json.keys.contains(key), "no \(key) in \(json.keys.sorted())")
        }
        #expect(json["frames"] as? Int == 6 && json["threads"] as? Int == 2 && json["width"] as? Int == 768, "\(json)")
        #expect(json["depthwise"] as? String == "own", "\(json)")
        let mean = try #require(json["stages_ms_mean"] as? [String: Double])
        let parts = ["detector", "warp", "landmark_network", "outputs", "tracking"].compactMap { mean[$0] }
        #expect(parts.count == 5 && parts.allSatisfy { $0 >= 0 }, "\(mean)")
        #expect(abs(parts.reduce(0, +) - (mean["total"] ?? -1)) < 1e-6 * max(1, mean["total"] ?? 1) + 1e-9, "\(mean)")
        #expect(try #require(json["pose_ms_median"] as? Double) > 0)
    }

    /// Misuses of the pose benchmark's options: one line each, naming the option or file.
    @Test func benchPoseVideoMisuse() throws {
        let scratch = try ScratchDirectory()
        let text = scratch.file("notes.mp4")
        try "not a video\n".write(toFile: text, atomically: true, encoding: .utf8)
        let cases: [([String], String)] = [
            (["bench", "--threads", "2"], "--pose-video"),
            (["bench", "--opencv-depthwise"], "--pose-video"),
            (["bench", "--pose-video", scratch.file("absent.mp4")], "absent.mp4"),
            (["bench", "--pose-video", text], "notes.mp4"),
            (["bench", "--pose-video", text, "--frames", "0"], "--frames"),
            (["bench", "--pose-video", text, "--threads", "0"], "--threads"),
            (["bench", "--pose-video", text, "--live", text], "--live"),
        ]
        for (arguments, named) in cases {
            let r = try punchcoach(arguments, timeout: 60)
            #expect(r.status != 0, "\(arguments) succeeded")
            #expect(r.stderrLines.count == 1 && r.stderr.contains(named), "\(arguments): \(r.stderr)")
        }
    }

    /// The tool's argument errors come before any build, venv or network: exit 2 for bad arguments, 1 for
    /// an unreadable video; one line each.
    @Test func poseVsMediaPipeArgumentErrors() throws {
        let scratch = try ScratchDirectory()
        let cases: [([String], Int32, String)] = [
            ([], 2, "no VIDEO"),
            (["--fast"], 2, "--fast"),
            (["a.mp4", "b.mp4"], 2, "one VIDEO"),
            (["a.mp4", "--threads", "two"], 2, "--threads"),
            (["a.mp4", "--frames"], 2, "--frames"),
            ([scratch.file("absent.mp4")], 1, "absent.mp4"),
        ]
        for (arguments, status, named) in cases {
            let r = try runProcess(Self.tool, arguments, timeout: 60)
            #expect(r.status == status, "\(arguments): status \(r.status), \(r.stderr)")
            #expect(r.stderrLines.count == 1 && r.stderr.contains(named), "\(arguments): \(r.stderr)")
        }
    }

    /// Without python3 on the PATH the tool says so (before building or making a venv).
    @Test func poseVsMediaPipeWithoutPython() throws {
        let scratch = try ScratchDirectory()
        let video = scratch.file("clip.mp4")
        try "x".write(toFile: video, atomically: true, encoding: .utf8)
        let bin = scratch.file("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        for tool in ["dirname", "basename"] {
            let found = try #require(["/usr/bin/\(tool)", "/bin/\(tool)"].first { FileManager.default.isExecutableFile(atPath: $0) })
            try FileManager.default.createSymbolicLink(atPath: "\(bin)/\(tool)", withDestinationPath: found)
        }
        let r = try runProcess("/bin/bash", [Self.tool, video], environment: ["PATH": bin], timeout: 60)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderrLines.count == 1 && r.stderr.contains("python3"), "\(r.stderr)")
    }

    /// `tools/landmarks_vs_mediapipe.py` reads PunchCoach's skeleton before it imports MediaPipe: a missing
    /// file or one that is not a blazepose33 CSV in pixels is one line naming it (system python3, no venv).
    @Test func landmarksVsMediaPipeRefusesABadSkeletonInOneLine() throws {
        let script = repositoryRoot.appendingPathComponent("tools/landmarks_vs_mediapipe.py").path
        let scratch = try ScratchDirectory()
        let other = scratch.file("coco.csv")
        try "# layout=coco17 units=px\nt,nose_x\n0,1\n".write(toFile: other, atomically: true, encoding: .utf8)
        for (skeleton, named) in [(scratch.file("absent.csv"), "absent.csv"), (other, "not a blazepose33")] {
            let r = try runProcess("/usr/bin/env", ["python3", script, scratch.file("v.mp4"), skeleton], timeout: 60)
            #expect(r.status == 1 && r.stderrLines.count == 1 && r.stderr.contains(named), "\(skeleton): \(r.stderr)")
        }
    }
}
