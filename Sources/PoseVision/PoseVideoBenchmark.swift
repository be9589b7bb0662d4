import CVBridge
import Foundation

/// Times the extractor on every frame of a real video, the way `tools/pose-vs-mediapipe` compares it with
/// MediaPipe: frames are decoded one at a time and only the `extract` call is timed (decode excluded),
/// with the person tracked from frame to frame and smoothing on, as in live coaching.
///
/// The decode time of each frame is recorded too, and the video is decoded a second time on its own (wall
/// and CPU time), so that the two can be compared: frames are read on the pose thread, so decoding can
/// overlap with inference only on FFmpeg's own worker threads; when a read in the loop waits less than
/// decoding costs alone, they decoded ahead while the network ran.
public enum PoseVideoBenchmark {
    public struct Result: Sendable {
        public var width: Int, height: Int
        public var threads: Int
        /// The depthwise 5×5 convolutions ran in the shim's own layer (else OpenCV's).
        public var ownDepthwise: Bool
        /// Wall milliseconds of each frame's `extract` call, as a caller sees it.
        public var poseMilliseconds: [Double]
        /// The shim's stage times of each frame.
        public var stages: [PoseStageTimes]
        /// Wall milliseconds of reading (decoding) each frame in the timed loop.
        public var decodeMilliseconds: [Double]
        /// Wall milliseconds of reading each frame when nothing else runs (a second pass).
        public var decodeAloneMilliseconds: [Double]
        /// CPU milliseconds a frame of that pass, all threads: FFmpeg decodes on worker threads of its
        /// own, so a read can take less wall time than the decoding costs.
        public var decodeAloneCPUMillisecondsPerFrame: Double
        /// Frames on which the person detector ran (first frame, lost track, the once-a-second check).
        public var detectorFrames: Int
        public var framesWithPerson: Int
        /// Wall seconds of the timed loop (decode + pose, one after the other).
        public var loopSeconds: Double
        /// CPU seconds of the process during the timed loop (all threads).
        public var loopCPUSeconds: Double
        public var frames: Int { poseMilliseconds.count }
    }

    /// Every frame of `video` (or the first `maxFrames`) through a fresh extractor on `threads` OpenCV threads.
    /// `ownDepthwise: false` times OpenCV's own depthwise 5×5 convolutions instead of the shim's.
    public static func run(video: String, threads: Int, maxFrames: Int? = nil, model: BlazePoseModel? = nil,
                           ownDepthwise: Bool = true) throws -> Result {
        let extractor = try BlazePoseExtractor(model: model, smoothing: true, ownDepthwise: ownDepthwise)
        BlazePoseExtractor.setThreads(threads)
        defer { BlazePoseExtractor.setThreads(0) }
        let capture = try FrameCapture(.video(video))
        var pose: [Double] = [], decode: [Double] = [], stages: [PoseStageTimes] = []
        var detectorFrames = 0, withPerson = 0
        let cpu0 = processCPUSeconds(), wall0 = now()
        while maxFrames.map({ pose.count < $0 }) ?? true {
            let t0 = now()
            guard let frame = try capture.read() else { break }
            let t1 = now()
            let observation = try extractor.extract(frame)
            let t2 = now()
            decode.append((t1 - t0) * 1000)
            pose.append((t2 - t1) * 1000)
            stages.append(observation.stages)
            if observation.detectorRan { detectorFrames += 1 }
            if observation.found { withPerson += 1 }
        }
        let loopSeconds = now() - wall0, loopCPU = processCPUSeconds() - cpu0
        guard !pose.isEmpty else {
            throw VisionError(code: Int32(CVB_E_FORMAT), message: "\(video): no frame could be read; give a video with at least one frame")
        }
        let cpu1 = processCPUSeconds()
        let alone = try decodeAlone(video: video, frames: pose.count)
        let aloneCPU = (processCPUSeconds() - cpu1) * 1000 / Double(max(1, alone.count))
        return Result(width: capture.info.width, height: capture.info.height, threads: threads, ownDepthwise: ownDepthwise, poseMilliseconds: pose,
                      stages: stages, decodeMilliseconds: decode, decodeAloneMilliseconds: alone,
                      decodeAloneCPUMillisecondsPerFrame: aloneCPU, detectorFrames: detectorFrames,
                      framesWithPerson: withPerson, loopSeconds: loopSeconds, loopCPUSeconds: loopCPU)
    }

    /// Milliseconds of reading each of the first `frames` frames with nothing else running.
    static func decodeAlone(video: String, frames: Int) throws -> [Double] {
        let capture = try FrameCapture(.video(video))
        var ms: [Double] = []
        while ms.count < frames {
            let t0 = now()
            guard try capture.read() != nil else { break }
            ms.append((now() - t0) * 1000)
        }
        return ms
    }

    static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    /// User + system CPU seconds of the whole process so far.
    static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}
