import Foundation

/// Times the extractor on tracked frames: the person is detected once, then every timed frame runs
/// the landmark model on the crop the previous frame placed (the steady state of live coaching).
public enum PoseBenchmark {
    public struct Result: Sendable {
        /// Wall-clock milliseconds of each timed frame (warp, network, decoding, tracking).
        public var milliseconds: [Double]
        /// Timed frames on which the detector had to run (the track was lost); 0 in a good run.
        public var detections: Int
        public var median: Double { milliseconds.sorted()[milliseconds.count / 2] }
    }

    /// `runs` tracked frames of `frame` with `threads` OpenCV threads, after a few untimed ones.
    public static func trackedFrames(_ extractor: BlazePoseExtractor, frame: VideoFrame, threads: Int, runs: Int = 30) throws -> Result {
        BlazePoseExtractor.setThreads(threads)
        extractor.reset()
        for _ in 0..<4 { _ = try extractor.extract(frame) }
        var ms: [Double] = []
        var detections = 0
        for _ in 0..<runs {
            let t0 = DispatchTime.now().uptimeNanoseconds
            let pose = try extractor.extract(frame)
            ms.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
            if pose.detectorRan { detections += 1 }
        }
        return Result(milliseconds: ms, detections: detections)
    }
}
