import Foundation
import Testing
import TestSupport
@testable import PoseVision
import PunchKit

/// BlazePose on the photos of Debian's opencv-doc against MediaPipe's own output
/// (Fixtures/mediapipe-reference.json, computed once by tools/mediapipe_reference.py) and against the
/// original TF Lite models stage by stage (Fixtures/blazepose-reference.json, tools/blazepose_reference.py).
@Suite(.serialized, .enabled(if: OpenCVSamples.available, "opencv-doc is not installed (apt-get install opencv-doc; tools/test installs it)")) struct BlazePosePhotoTests {
    /// Where each photo's person is (pixels), to check every joint lands on them.
    static let personBox: [String: (x0: Double, y0: Double, x1: Double, y1: Double)] = [
        "basketball1.png": (20, 70, 190, 480),   // the man with the ball, left
        "messi5.jpg": (55, 55, 470, 342),
    ]

    @Test(arguments: ["basketball1.png", "messi5.jpg"])
    func agreesWithMediaPipe(file: String) throws {
        let scratch = try ScratchDirectory()
        let path = try #require(OpenCVSamples.path(file, in: scratch), "\(OpenCVSamples.missingNote)")
        let reference = try #require(try MediaPipeReference.load().images.first { $0.file == file })
        let extractor = try BlazePoseExtractor(model: poseModel, smoothing: false)
        let frame = try #require(try FrameCapture(.image(path)).read())
        #expect(frame.width == reference.width && frame.height == reference.height)
        let pose = try extractor.extract(frame)
        #expect(pose.found)
        #expect(pose.presence >= 0.9, "presence \(pose.presence)")

        // Image landmarks: MediaPipe's within a few pixels (visible joints).
        var errors: [Double] = []
        var worldErrors: [Double] = []
        for (j, r) in reference.landmarks.enumerated() {
            let p = pose.skeleton.positions[j]
            let w = pose.skeleton.world![j], rw = reference.world[j]
            worldErrors.append(((w.x - rw[0]) * (w.x - rw[0]) + (w.y - rw[1]) * (w.y - rw[1]) + (w.z - rw[2]) * (w.z - rw[2])).squareRoot())
            guard r[3] >= 0.5 else { continue }
            errors.append(((p.x - r[0]) * (p.x - r[0]) + (p.y - r[1]) * (p.y - r[1])).squareRoot())
            #expect(abs(pose.skeleton.confidences[j] - r[3]) < 0.05, "visibility of joint \(j)")
        }
        errors.sort()
        let median = errors[errors.count / 2], worst = errors.last!
        print("BlazePosePhotoTests \(file): \(errors.count) visible joints, median \(String(format: "%.2f", median)) px, max \(String(format: "%.2f", worst)) px from MediaPipe; world max \(String(format: "%.1f", 100 * worldErrors.max()!)) cm; presence \(String(format: "%.4f", pose.presence))")
        #expect(median <= 1.5, "median \(median) px")
        #expect(worst <= 6, "max \(worst) px")
        #expect(worldErrors.max()! <= 0.02, "world landmarks differ by \(worldErrors.max()!) m")

        // Every joint on the person; the person's left on the left.
        let box = try #require(Self.personBox[file])
        for p in pose.skeleton.positions {
            #expect(p.x >= box.x0 && p.x <= box.x1 && p.y >= box.y0 && p.y <= box.y1, "joint at \(p.x), \(p.y) is off the person")
        }
        let s = pose.skeleton.positions
        // Both face the camera: their left shoulder and hip appear right of their right ones.
        #expect(s[BP.leftShoulder].x > s[BP.rightShoulder].x)
        #expect(s[BP.leftHip].x > s[BP.rightHip].x)
        #expect(s[BP.nose].y < s[BP.leftHip].y && s[BP.leftHip].y < s[BP.leftAnkle].y)
    }

    /// Detector decoding, crop and landmark projection against the original TF Lite models (no heatmap refinement).
    @Test(arguments: ["basketball1.png", "messi5.jpg"])
    func decodesAsTheTFLiteModels(file: String) throws {
        let scratch = try ScratchDirectory()
        let path = try #require(OpenCVSamples.path(file, in: scratch), "\(OpenCVSamples.missingNote)")
        let reference = try #require(try TFLiteReference.load().images.first { $0.file == file })
        let extractor = try BlazePoseExtractor(model: poseModel, smoothing: false, refinesWithHeatmap: false)
        let frame = try #require(try FrameCapture(.image(path)).read())

        let people = try extractor.detectPeople(in: frame)
        let top = try #require(people.first)
        let want = reference.topDetection
        #expect(abs(top.score - want.score) < 1e-3, "score \(top.score) vs \(want.score)")
        #expect(abs(top.box.x + top.box.width / 2 - want.box.cx) < 0.05 && abs(top.box.y + top.box.height / 2 - want.box.cy) < 0.05)
        #expect(abs(top.box.width - want.box.w) < 0.05 && abs(top.box.height - want.box.h) < 0.05)
        for (k, p) in want.keypoints.enumerated() {
            #expect(abs(top.keypoints[k].x - p.x) < 0.05 && abs(top.keypoints[k].y - p.y) < 0.05, "keypoint \(k)")
        }
        #expect(abs(top.crop.x - reference.roi.cx) < 0.05 && abs(top.crop.y - reference.roi.cy) < 0.05)
        #expect(abs(top.crop.side - reference.roi.side) < 0.1 && abs(top.crop.rotation - reference.roi.rotation) < 1e-4)

        let pose = try extractor.extract(frame)
        #expect(abs(pose.presence - reference.posePresence) < 1e-3)
        var worst = 0.0, worstWorld = 0.0
        let zs = reference.landmarks.map(\.z)
        let zTolerance = 0.02 * (zs.max()! - zs.min()!)
        for l in reference.landmarks {
            let p = pose.skeleton.positions[l.index]
            worst = max(worst, ((p.x - l.x) * (p.x - l.x) + (p.y - l.y) * (p.y - l.y)).squareRoot())
            // z, visibility and world metres move more than x and y with the arithmetic's order: OpenCV
            // picks its kernels by instruction set (AVX2 here, AVX-512 elsewhere) and splits work by the
            // threads it gets. The reference's own OpenCV-vs-TF Lite cross-check gives z 1.16 px, visibility
            // 6e-4 and world 1.5 mm; an AVX2-only machine gave z up to 1.8 px (0.7 % of the photo's z range)
            // under load, visibility 1.2e-3, world 2.3 mm. A decoding bug moves them by far more.
            #expect(abs(p.z - l.z) < zTolerance, "z of joint \(l.index)")
            #expect(abs(pose.skeleton.confidences[l.index] - l.visibility) < 3e-3)
        }
        for w in reference.worldLandmarks where w.index < 33 {
            let p = pose.skeleton.world![w.index]
            worstWorld = max(worstWorld, max(abs(p.x - w.x), abs(p.y - w.y), abs(p.z - w.z)))
        }
        print("BlazePosePhotoTests \(file) against TF Lite: detection score \(String(format: "%.4f", top.score)), landmarks within \(String(format: "%.3f", worst)) px, world within \(String(format: "%.2f", worstWorld * 1000)) mm")
        // 0.055 px in the reference's cross-check, 0.088 px on an AVX2-only machine.
        #expect(worst < 0.2, "landmarks \(worst) px from TF Lite's")
        #expect(worstWorld < 5e-3)
    }

    @Test func overlayIsDrawnOnThePhoto() throws {
        let scratch = try ScratchDirectory()
        let path = try #require(OpenCVSamples.path("basketball1.png", in: scratch), "\(OpenCVSamples.missingNote)")
        let extractor = try BlazePoseExtractor(model: poseModel, smoothing: false)
        let frame = try #require(try FrameCapture(.image(path)).read())
        let before = frame.pixels()
        let pose = try extractor.extract(frame)
        frame.draw(pose)
        let after = frame.pixels()
        // The left wrist's joint is drawn in the project's "left" blue, the right wrist's in red (the photo is grey).
        func pixel(_ p: Vec3) -> [UInt8] {
            let i = (Int(p.y.rounded()) * frame.width + Int(p.x.rounded())) * 3
            return Array(after[i..<i + 3])
        }
        #expect(pixel(pose.skeleton.positions[BP.leftAnkle]) == [Canvas.Colour.left.r, Canvas.Colour.left.g, Canvas.Colour.left.b])
        #expect(pixel(pose.skeleton.positions[BP.rightAnkle]) == [Canvas.Colour.right.r, Canvas.Colour.right.g, Canvas.Colour.right.b])
        #expect(before != after)
        try frame.write(to: scratch.file("overlay.png"))
        let data = try Data(contentsOf: scratch.url.appendingPathComponent("overlay.png"))
        #expect(Array(data.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
    }

    @Test func theCanonicalFrameKeepsWorldAndPixels() throws {
        let scratch = try ScratchDirectory()
        let path = try #require(OpenCVSamples.path("messi5.jpg", in: scratch), "\(OpenCVSamples.missingNote)")
        let source = try BlazePoseSource(.image(path), model: poseModel)
        #expect(!source.isRealTime)
        let frame = try #require(try source.nextFrame())
        #expect(try source.nextFrame() == nil)
        #expect(frame.positions.count == 17 && frame.world?.count == 17)
        let raw = try #require(source.lastObservation).skeleton
        #expect(frame.positions[Joint.leftWrist.rawValue] == raw.positions[BP.leftWrist])
        #expect(frame.world![Joint.rightAnkle.rawValue] == raw.world![BP.rightAnkle])
        #expect(frame.time == 0)
    }
}
