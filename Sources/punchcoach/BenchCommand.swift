import ArgumentParser
import Foundation
import PoseVision
import PunchKit
import PunchModel

struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Time the extractor, the classifier's forward pass and a training step (medians); with --live, the live coach.",
        discussion: """
            Machines are shared and noisy: every figure is the median of many runs of the real code.

            --pose-video VIDEO times BlazePose on every frame of a real video (decode excluded, person tracked, \
            smoothing on) on --threads OpenCV threads, by stage: detector, warp to the crop, landmark network, \
            decoding of its outputs, tracking; and the decode time alone. tools/pose-vs-mediapipe uses it.

            --live VIDEO plays the video as a camera delivers it through the coach's live path (capture \
            thread, pose, detector) and reports frames delivered, processed and dropped, pose milliseconds, \
            the time from the capture of a punch's last frame to its event being shown (median, p95), and \
            the CPU share of each thread.
            """)

    @OptionGroup var output: JSONOption
    /// Without a model file the forward pass is timed on a fresh network of the standard shape.
    @OptionGroup var modelOption: ModelOption
    @Option(help: ArgumentHelp("Measure the live coach on VIDEO played as a camera.", valueName: "VIDEO")) var live: String?
    @Option(help: ArgumentHelp("--live: stop after T seconds (default: the whole video).", valueName: "T")) var seconds: Double?
    @Option(help: ArgumentHelp("Time BlazePose on every frame of VIDEO (decode excluded, tracked) with a breakdown by stage.", valueName: "VIDEO"))
    var poseVideo: String?
    @Option(help: ArgumentHelp("--pose-video: OpenCV threads (default 2).", valueName: "N")) var threads: Int?
    @Option(help: ArgumentHelp("--pose-video: only the first N frames.", valueName: "N")) var frames: Int?
    @Flag(help: "--pose-video: OpenCV's own depthwise 5x5 convolutions instead of the shim's (to compare).")
    var opencvDepthwise = false

    /// The extractor on a 1920x1080 picture of a person (opencv-doc's basketball1.png scaled), 1 and 2 threads;
    /// nil (with a note) when opencv-doc is not installed.
    func poseTimes() throws -> (one: PoseBenchmark.Result, two: PoseBenchmark.Result)? {
        guard let photo = OpenCVSamples.path("basketball1.png") else {
            Log.info("bench: no pose figures: opencv-doc's basketball1.png is missing (apt-get install opencv-doc)")
            return nil
        }
        guard let still = try FrameCapture(.image(photo)).read() else { return nil }
        let frame = try still.resized(width: 1920, height: 1080)
        let extractor = try BlazePoseExtractor(smoothing: true)
        let one = try PoseBenchmark.trackedFrames(extractor, frame: frame, threads: 1)
        let two = try PoseBenchmark.trackedFrames(extractor, frame: frame, threads: 2)
        BlazePoseExtractor.setThreads(0)
        return (one, two)
    }

    func run() async throws {
        if let seconds, live == nil || !(seconds > 0) {
            throw CLIError("--seconds \(seconds): it limits bench --live VIDEO and must be positive")
        }
        if poseVideo == nil, threads != nil || frames != nil || opencvDepthwise {
            throw CLIError("--threads, --frames and --opencv-depthwise go with bench --pose-video VIDEO")
        }
        if let poseVideo {
            if live != nil { throw CLIError("--pose-video and --live are two benchmarks: give one of them") }
            if let threads, threads < 1 { throw CLIError("--threads \(threads): give at least 1 OpenCV thread") }
            if let frames, frames < 1 { throw CLIError("--frames \(frames): give at least 1 frame") }
            let report = try PoseVideoBench(video: poseVideo, threads: threads ?? 2, maxFrames: frames, ownDepthwise: !opencvDepthwise).run()
            if output.json { try JSONOutput.print(report) } else { report.lines.forEach { print($0) } }
            return
        }
        if let live {
            let report = try LiveBench(video: live, model: modelOption.model, seconds: seconds).run()
            if output.json { try JSONOutput.print(report) } else { report.lines.forEach { print($0) } }
            return
        }
        // The extractor first, before the training benchmark has started any worker threads of its own.
        let pose = try poseTimes()
        let classifier = try ModelLocation.loadOrFresh(modelOption.model)
        let window = BenchFixtures.window()
        let r = ModelBenchmark.run(classifier: classifier, window: window)
        let forward = median(r.forwardMilliseconds) ?? .nan
        let networkOnly = median(r.networkOnlyMilliseconds) ?? .nan
        let step = median(r.trainStepMilliseconds) ?? .nan
        let windowsPerSecond = Double(r.batch) / (step / 1000)
        if output.json {
            var out: [String: Double] = [
                "classifier_forward_ms": forward, "classifier_network_only_ms": networkOnly,
                "train_step_ms": step, "train_batch": Double(r.batch), "train_windows_per_s": windowsPerSecond,
                "parameters": Double(r.parameters),
            ]
            if let pose {
                out["pose_frame_ms_1thread"] = pose.one.median
                out["pose_frame_ms_2threads"] = pose.two.median
                out["pose_fps_2threads"] = 1000 / pose.two.median
                out["pose_redetections"] = Double(pose.one.detections + pose.two.detections)
            }
            try JSONOutput.print(out)
        } else {
            if let pose {
                print("pose extractor (BlazePose full, tracked 1920x1080 frames, warp + network + decoding): "
                      + "\(String(format3: pose.one.median)) ms on 1 thread, \(String(format3: pose.two.median)) ms on 2 threads "
                      + "(\(String(format1: 1000 / pose.two.median)) frames/s), median of \(pose.two.milliseconds.count)")
            }
            print("classifier forward (1 window, 1 thread, features + network): \(String(format3: forward)) ms median of \(r.forwardMilliseconds.count)")
            print("  network only: \(String(format3: networkOnly)) ms")
            print("training step (batch \(r.batch), 2 replicas on 2 cores, as train runs it): \(String(format3: step)) ms median → \(Int(windowsPerSecond)) windows/s")
            print("parameters: \(r.parameters)")
        }
    }
}
