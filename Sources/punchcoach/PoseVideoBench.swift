import Foundation
import PoseVision
import PunchSynth

/// `bench --pose-video VIDEO`: BlazePose on every frame of a real video, decode excluded, tracked, on N
/// OpenCV threads, with where the time went. `tools/pose-vs-mediapipe` reads its JSON to set PunchCoach
/// beside MediaPipe on the same frames.
struct PoseVideoBench {
    var video: String
    var threads: Int
    var maxFrames: Int?
    var ownDepthwise = true

    func run() throws -> PoseVideoBenchReport {
        guard FileManager.default.isReadableFile(atPath: video) else {
            throw CLIError("\(video): no such readable file; give bench --pose-video a video")
        }
        let r: PoseVideoBenchmark.Result
        do { r = try PoseVideoBenchmark.run(video: video, threads: threads, maxFrames: maxFrames, ownDepthwise: ownDepthwise) } catch let e as VisionError {
            throw CLIError(e.message)
        }
        return PoseVideoBenchReport(r, video: video)
    }
}

/// Medians (and means, which add up) of one `bench --pose-video` run. Milliseconds a frame.
struct PoseVideoBenchReport: Encodable {
    struct Stages: Encodable {
        var detector, warp, landmarkNetwork, outputs, tracking, total: Double
        enum CodingKeys: String, CodingKey {
            case detector, warp, landmarkNetwork = "landmark_network", outputs, tracking, total
        }
    }

    var video: String
    var model = "BlazePose full (pose_detection + pose_landmark_full, ONNX in OpenCV 4.6 dnn)"
    var width: Int, height: Int, frames: Int, threads: Int
    /// Depthwise 5×5 convolutions: "own" (the shim's layer) or "opencv".
    var depthwise: String
    var poseMsMedian: Double, poseMsP95: Double, poseMsMean: Double, poseFPS: Double
    var stagesMsMedian: Stages, stagesMsMean: Stages
    var detectorFrames: Int, framesWithPerson: Int
    var decodeMsMedian: Double, decodeAloneMsMedian: Double, decodeAloneCPUMsPerFrame: Double
    /// Wall milliseconds a frame of the decode-then-pose loop, and the sum of its parts' means: equal
    /// when nothing overlaps.
    var loopMsPerFrame: Double, decodePlusPoseMsMean: Double
    /// CPU seconds of the process over wall seconds of the loop (2.0 = both cores busy throughout).
    var loopCPUShare: Double

    enum CodingKeys: String, CodingKey {
        case video, model, width, height, frames, threads, depthwise
        case poseMsMedian = "pose_ms_median", poseMsP95 = "pose_ms_p95", poseMsMean = "pose_ms_mean", poseFPS = "pose_fps"
        case stagesMsMedian = "stages_ms_median", stagesMsMean = "stages_ms_mean"
        case detectorFrames = "detector_frames", framesWithPerson = "frames_with_person"
        case decodeMsMedian = "decode_ms_median", decodeAloneMsMedian = "decode_alone_ms_median",
             decodeAloneCPUMsPerFrame = "decode_alone_cpu_ms_per_frame"
        case loopMsPerFrame = "loop_ms_per_frame", decodePlusPoseMsMean = "decode_plus_pose_ms_mean"
        case loopCPUShare = "loop_cpu_share"
    }

    init(_ r: PoseVideoBenchmark.Result, video: String) {
        func stages(_ f: ([Double]) -> Double) -> Stages {
            Stages(detector: f(r.stages.map(\.detector)), warp: f(r.stages.map(\.warp)), landmarkNetwork: f(r.stages.map(\.network)),
                   outputs: f(r.stages.map(\.outputs)), tracking: f(r.stages.map(\.tracking)), total: f(r.stages.map(\.total)))
        }
        let median = { (v: [Double]) in percentile(v, 50) }
        let mean = { (v: [Double]) in v.reduce(0, +) / Double(max(1, v.count)) }
        self.video = video
        width = r.width
        height = r.height
        frames = r.frames
        threads = r.threads
        depthwise = r.ownDepthwise ? "own" : "opencv"
        poseMsMedian = median(r.poseMilliseconds)
        poseMsP95 = percentile(r.poseMilliseconds, 95)
        poseMsMean = mean(r.poseMilliseconds)
        poseFPS = 1000 / poseMsMedian
        stagesMsMedian = stages(median)
        stagesMsMean = stages(mean)
        detectorFrames = r.detectorFrames
        framesWithPerson = r.framesWithPerson
        decodeMsMedian = median(r.decodeMilliseconds)
        decodeAloneMsMedian = median(r.decodeAloneMilliseconds)
        decodeAloneCPUMsPerFrame = r.decodeAloneCPUMillisecondsPerFrame
        loopMsPerFrame = r.loopSeconds * 1000 / Double(r.frames)
        decodePlusPoseMsMean = mean(r.decodeMilliseconds) + poseMsMean
        loopCPUShare = r.loopCPUSeconds / max(r.loopSeconds, 1e-9)
    }

    var lines: [String] {
        func f(_ x: Double) -> String { String(format: "%.2f", x) }
        let m = stagesMsMedian, a = stagesMsMean
        return [
            "\(video): \(width)x\(height), \(frames) frames, \(threads) OpenCV thread(s), depthwise 5x5: \(depthwise), \(framesWithPerson) with a person, detector on \(detectorFrames)",
            "pose a frame (decode excluded, tracked): median \(f(poseMsMedian)) ms (\(String(format: "%.1f", poseFPS)) frames/s), p95 \(f(poseMsP95)), mean \(f(poseMsMean))",
            "  median by stage: detector \(f(m.detector)), warp \(f(m.warp)), landmark network \(f(m.landmarkNetwork)), outputs \(f(m.outputs)), tracking \(f(m.tracking))",
            "  mean by stage:   detector \(f(a.detector)), warp \(f(a.warp)), landmark network \(f(a.landmarkNetwork)), outputs \(f(a.outputs)), tracking \(f(a.tracking)) = \(f(a.total))",
            "decode a frame: median \(f(decodeMsMedian)) ms in the loop, \(f(decodeAloneMsMedian)) ms alone (\(f(decodeAloneCPUMsPerFrame)) ms of CPU, FFmpeg's threads included)",
            "loop: \(f(loopMsPerFrame)) ms a frame wall, decode + pose means \(f(decodePlusPoseMsMean)) ms; CPU share \(String(format: "%.2f", loopCPUShare)) of a core",
        ]
    }
}
