import Foundation
import Testing
import TestSupport
@testable import PoseVision
import PunchKit

/// Following a moving person: the photo of messi5.jpg slides across a wider picture, 6 px a frame at
/// 30 fps. The detector runs once; every later frame is read through the crop the previous landmarks
/// placed, and the smoothed landmarks keep up with the motion.
@Suite struct TrackingTests {
    static func slidingFrames(_ photo: VideoFrame, count: Int, step: Int) throws -> [VideoFrame] {
        let pixels = photo.pixels()
        let width = photo.width + step * count, height = photo.height
        return try (0..<count).map { f in
            var canvas = [UInt8](repeating: 40, count: width * height * 3)
            let dx = f * step
            for y in 0..<height {
                let src = y * photo.width * 3, dst = (y * width + dx) * 3
                canvas.replaceSubrange(dst..<dst + photo.width * 3, with: pixels[src..<src + photo.width * 3])
            }
            return try VideoFrame(rgb: canvas, width: width, height: height, time: Double(f) / 30)
        }
    }

    @Test(.enabled(if: OpenCVSamples.available, "opencv-doc is not installed (apt-get install opencv-doc; tools/test installs it)"))
    func followsAMovingPersonWithOneDetection() throws {
        let scratch = try ScratchDirectory()
        let path = try #require(OpenCVSamples.path("messi5.jpg", in: scratch), "\(OpenCVSamples.missingNote)")
        let photo = try #require(try FrameCapture(.image(path)).read())
        let still = try BlazePoseExtractor(model: poseModel, smoothing: false).extract(photo)
        let frames = try Self.slidingFrames(photo, count: 20, step: 6)
        for smoothing in [false, true] {
            let extractor = try BlazePoseExtractor(model: poseModel, smoothing: smoothing)
            var detections = 0, worstLag = 0.0
            for (f, frame) in frames.enumerated() {
                let pose = try extractor.extract(frame)
                #expect(pose.found && pose.trackID == 1)
                if pose.detectorRan { detections += 1 }
                // Where the still photo's hips and shoulders are, moved by the slide.
                for j in [BP.leftHip, BP.rightHip, BP.leftShoulder, BP.rightShoulder] {
                    let want = still.skeleton.positions[j].x + Double(6 * f)
                    worstLag = max(worstLag, abs(pose.skeleton.positions[j].x - want))
                }
            }
            print("TrackingTests smoothing \(smoothing): \(detections) detection(s) in 20 frames, hips and shoulders within \(String(format: "%.1f", worstLag)) px of the moving photo")
            #expect(detections == 1)
            // A crop placed by the landmarks differs from the detector's: the model answers a few px apart.
            #expect(worstLag < 10)
        }
    }
}
