import Foundation
import Testing
import TestSupport
@testable import PoseVision
import PunchKit

/// The shim's own depthwise 5×5 convolutions (DepthwiseConv.cpp, the default) give OpenCV's results to
/// float rounding: the same landmarks on the opencv-doc photos and on real video frames (the first 40
/// of ../shared/datasets/webcam-dev; skipped where it is absent). The speed
/// is measured by `bench --pose-video` (docs/pose-speed.md), never asserted.
@Suite(.serialized, .enabled(if: OpenCVSamples.available, "opencv-doc is not installed (apt-get install opencv-doc; tools/test installs it)"))
struct DepthwiseTests {
    /// Largest landmark distance (pixels) and world distance (metres) between two poses.
    static func difference(_ a: PoseObservation, _ b: PoseObservation) -> (pixels: Double, metres: Double) {
        var pixels = 0.0, metres = 0.0
        for j in 0..<a.skeleton.positions.count {
            let p = a.skeleton.positions[j], q = b.skeleton.positions[j]
            pixels = max(pixels, ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot())
            let w = a.skeleton.world![j], v = b.skeleton.world![j]
            metres = max(metres, ((w.x - v.x) * (w.x - v.x) + (w.y - v.y) * (w.y - v.y) + (w.z - v.z) * (w.z - v.z)).squareRoot())
        }
        return (pixels, metres)
    }

    @Test(arguments: ["basketball1.png", "messi5.jpg"])
    func ownDepthwiseMatchesOpenCVOnPhotos(file: String) throws {
        let scratch = try ScratchDirectory()
        let path = try #require(OpenCVSamples.path(file, in: scratch), "\(OpenCVSamples.missingNote)")
        let frame = try #require(try FrameCapture(.image(path)).read())
        let own = try BlazePoseExtractor(model: poseModel, smoothing: false, ownDepthwise: true).extract(frame)
        let theirs = try BlazePoseExtractor(model: poseModel, smoothing: false, ownDepthwise: false).extract(frame)
        #expect(own.found && theirs.found)
        let d = Self.difference(own, theirs)
        print("DepthwiseTests \(file): own vs OpenCV depthwise: landmarks within \(String(format: "%.5f", d.pixels)) px, world within \(String(format: "%.4f", d.metres * 1000)) mm, presence \(own.presence) vs \(theirs.presence)")
        // Float rounding, amplified through the network: the two layers sum in different orders, and OpenCV
        // splits its own work by the threads it gets. Alone these photos agree within 0.0002 px and 0.002 mm;
        // under CI's load on an AVX2-only AMD EPYC basketball1.png (a small figure, so its crop is scaled up
        // most) differed by 0.034 px and 0.15 mm. The limits are those BlazePosePhotoTests allows between
        // OpenCV and TF Lite (0.2 px, 5 mm); a wrong kernel moves joints by pixels, not tenths.
        #expect(d.pixels <= 0.2, "\(d.pixels) px")
        #expect(d.metres <= 5e-3, "\(d.metres) m")
        #expect(abs(own.presence - theirs.presence) <= 1e-4)
    }

    /// The real webcam video of ../shared/datasets (a boxer in every frame), when it is there.
    static let webcamVideo = repositoryRoot.appendingPathComponent("../shared/datasets/webcam-dev/recordings/session3.mp4")
        .standardizedFileURL.path

    /// Forty real frames, each read afresh (detector, crop, landmarks; no tracking): the two agree to float
    /// rounding with and without the heatmap refinement. Tracked, the crop of each frame is placed by the
    /// last one's landmarks, and that loop carries rounding differences along: over these 40 frames the
    /// joints drift apart by 0.16 px (median), at most 3 px (docs/pose-speed.md); not asserted here.
    /// Under the load of the whole test run OpenCV's rounding depends on its threads and on the CPU's
    /// kernels (see the photo test): once in a full run the worst frame's landmarks came out 2.7 px apart
    /// (passing alone at 0.0003 px), and on CI's machine without the refinement 36 frames of 40 differed
    /// by 0.01–0.08 px (with it, all within 0.0003 px: the heatmap snaps both to the same peak). So
    /// "rounding" is the photo test's limit, the 0.2 px allowed between OpenCV and TF Lite: 38 frames of
    /// 40 must agree within it and none may be further apart than the tracked drift's 3 px. A wrong
    /// kernel moves joints by pixels in every frame.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: webcamVideo), "../shared/datasets/webcam-dev is absent: no real video to compare on"),
          arguments: [false, true])
    func ownDepthwiseMatchesOpenCVOnRealFrames(refining: Bool) throws {
        let own = try BlazePoseExtractor(model: poseModel, smoothing: false, refinesWithHeatmap: refining, ownDepthwise: true)
        let theirs = try BlazePoseExtractor(model: poseModel, smoothing: false, refinesWithHeatmap: refining, ownDepthwise: false)
        let capture = try FrameCapture(.video(Self.webcamVideo))
        var gaps: [Double] = []
        for _ in 0..<40 {
            guard let frame = try capture.read() else { break }
            own.reset()
            theirs.reset()
            let a = try own.extract(frame), b = try theirs.extract(frame)
            #expect(a.found == b.found)
            guard a.found && b.found else { continue }
            gaps.append(Self.difference(a, b).pixels)
        }
        try #require(gaps.count == 40, "a pose in \(gaps.count) of 40 frames")
        let rounding = gaps.filter { $0 <= 0.2 }.count, worst = gaps.max() ?? 0
        let median = gaps.sorted()[gaps.count / 2]
        print("DepthwiseTests session3.mp4, refinement \(refining ? "on" : "off"): \(gaps.count) of 40 frames, "
              + "\(rounding) within 0.2 px, median \(String(format: "%.5f", median)) px, worst \(String(format: "%.5f", worst)) px")
        #expect(rounding >= 38, "\(gaps) px")
        #expect(worst <= 3, "\(worst) px")
    }
}
