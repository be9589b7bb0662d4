import Foundation
import Testing
import TestSupport
@testable import PoseVision
import PunchKit

@Suite(.serialized) struct VideoTests {
    /// `pixels` (RGB, width x height) turned 90° counter-clockwise: how a phone held upright stores its frames.
    static func turnedCounterClockwise(_ pixels: [UInt8], width: Int, height: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: pixels.count)
        // Output is height wide and width high; output (x, y) = input (width - 1 - y, x).
        for y in 0..<width {
            for x in 0..<height {
                let src = (x * width + (width - 1 - y)) * 3, dst = (y * height + x) * 3
                out[dst] = pixels[src]; out[dst + 1] = pixels[src + 1]; out[dst + 2] = pixels[src + 2]
            }
        }
        return out
    }

    /// A 64 x 48 frame of one grey level.
    static func grey(_ level: UInt8) throws -> VideoFrame {
        try VideoFrame(rgb: [UInt8](repeating: level, count: 64 * 48 * 3), width: 64, height: 48)
    }

    /// Writes `frames` copies of `frame` as a video at `path` (MP4 or AVI by the extension).
    static func writeVideo(_ path: String, repeating frame: VideoFrame, frames: Int, fps: Double) throws {
        let writer = try VideoWriter(path: path, width: frame.width, height: frame.height, fps: fps)
        for _ in 0..<frames { try writer.write(frame) }
        try writer.close()
    }

    /// Sets the first `tkhd` matrix of an MP4 to a 90° clockwise display rotation (what an iPhone writes).
    static func markRotated90(_ path: String) throws {
        try setMatrix(path, a: 0, b: 0x0001_0000, c: 0xFFFF_0000, d: 0)
    }

    /// Writes a, b, c, d (16.16 fixed point) into the first `tkhd` matrix of an MP4.
    static func setMatrix(_ path: String, a: UInt32, b: UInt32, c: UInt32, d: UInt32) throws {
        var data = try Data(contentsOf: URL(fileURLWithPath: path))
        let tag = Data("tkhd".utf8)
        let at = try #require(data.range(of: tag)).lowerBound
        let body = at + 4
        let matrix = body + (data[body] == 1 ? 36 : 24) + 16
        // a b u / c d v / x y w in 16.16 (u, v, w 2.30).
        let values: [UInt32] = [a, b, 0, c, d, 0, 0, 0, 0x4000_0000]
        for (i, v) in values.enumerated() {
            for k in 0..<4 { data[matrix + 4 * i + k] = UInt8((v >> (24 - 8 * UInt32(k))) & 0xFF) }
        }
        try data.write(to: URL(fileURLWithPath: path))
    }

    @Test(.enabled(if: OpenCVSamples.available, "opencv-doc is not installed (apt-get install opencv-doc; tools/test installs it)"))
    func aPhoneVideoComesOutUpright() throws {
        let scratch = try ScratchDirectory()
        let path = try #require(OpenCVSamples.path("messi5.jpg", in: scratch), "\(OpenCVSamples.missingNote)")
        let photo = try #require(try FrameCapture(.image(path)).read())
        let stored = try VideoFrame(rgb: Self.turnedCounterClockwise(photo.pixels(), width: photo.width, height: photo.height),
                                    width: photo.height, height: photo.width)
        let video = scratch.file("phone.mp4")
        try Self.writeVideo(video, repeating: stored, frames: 6, fps: 30)
        #expect(FrameCapture.storedRotation(ofVideo: video) == 0)
        try Self.markRotated90(video)
        #expect(FrameCapture.storedRotation(ofVideo: video) == 90)

        let capture = try FrameCapture(.video(video))
        #expect(capture.info.rotation == 90)
        #expect(capture.info.width == photo.width && capture.info.height == photo.height)
        let source = BlazePoseSource(capture: capture, extractor: try BlazePoseExtractor(model: poseModel))
        var frames = 0
        while let (frame, pose) = try source.nextObservation() {
            frames += 1
            #expect(frame.width == photo.width && frame.height == photo.height)
            #expect(pose.found && pose.presence >= 0.9)
            let s = pose.skeleton.positions
            // Upright: head above the hips above the ankles; his left side on the image's right.
            #expect(s[BP.nose].y < s[BP.leftHip].y && s[BP.leftHip].y < s[BP.rightAnkle].y)
            #expect(s[BP.leftShoulder].x > s[BP.rightShoulder].x)
            #expect(abs(frame.time - Double(frames - 1) / 30) < 0.002, "frame \(frames) at \(frame.time) s")
        }
        #expect(frames == 6)
    }

    @Test func everyRightAngleIsReadFromTheTrackHeader() throws {
        let folder = try ScratchDirectory()
        let video = folder.file("angles.mp4")
        try Self.writeVideo(video, repeating: Self.grey(90), frames: 3, fps: 30)
        let one: UInt32 = 0x0001_0000, minusOne: UInt32 = 0xFFFF_0000
        for (a, b, c, d, degrees) in [(one, 0, 0, one, 0), (0, one, minusOne, 0, 90), (minusOne, 0, 0, minusOne, 180), (0, minusOne, one, 0, 270)] as [(UInt32, UInt32, UInt32, UInt32, Int)] {
            try Self.setMatrix(video, a: a, b: b, c: c, d: d)
            #expect(FrameCapture.storedRotation(ofVideo: video) == degrees)
            let capture = try FrameCapture(.video(video))
            let frame = try #require(try capture.read())
            let turned = degrees == 90 || degrees == 270
            #expect(frame.width == (turned ? 48 : 64) && frame.height == (turned ? 64 : 48), "\(degrees)°")
        }
        #expect(FrameCapture.storedRotation(ofVideo: folder.file("none.mp4")) == 0)
    }

    /// vtest.avi: people walking across a square, 10 fps. From 50 s a man walks up the lawn while a woman
    /// passes right beside him (55-57 s): the followed track must stay on him, frame after frame.
    @Test(.enabled(if: OpenCVSamples.available, "opencv-doc is not installed (apt-get install opencv-doc; tools/test installs it)"))
    func followsOnePersonThroughACrowd() throws {
        let scratch = try ScratchDirectory()
        let path = try #require(OpenCVSamples.path("vtest.avi", in: scratch), "\(OpenCVSamples.missingNote)")
        let capture = try FrameCapture(.video(path))
        #expect(capture.info.width == 768 && capture.info.height == 576 && capture.info.fps == 10)
        for _ in 0..<500 { _ = try capture.read() }  // to 50 s
        let extractor = try BlazePoseExtractor(model: poseModel)
        var previous: (centre: Vec3, size: Double, track: Int)?
        var found = 0, frames = 0, largestStep = 0.0
        var tracks = Set<Int>()
        while frames < 90, let frame = try capture.read() {
            frames += 1
            let pose = try extractor.extract(frame)
            guard pose.found else { previous = nil; continue }
            found += 1
            tracks.insert(pose.trackID)
            let s = pose.skeleton.positions
            func flat(_ v: Vec3) -> Vec3 { Vec3(v.x, v.y, 0) }  // image x, y only
            let hips = flat((s[BP.leftHip] + s[BP.rightHip]) * 0.5), shoulders = flat((s[BP.leftShoulder] + s[BP.rightShoulder]) * 0.5)
            let size = (shoulders - hips).length
            if let p = previous {
                #expect(pose.trackID == p.track, "the track changed at \(frame.time) s without being lost")
                // At 10 fps a walker moves a fraction of their torso a frame (up to 0.9 where one leaves the picture);
                // the tracker drops the person rather than take a step of a whole torso.
                let step = (hips - p.centre).length / p.size
                largestStep = max(largestStep, step)
                #expect(step < 1.0, "the hips moved \(step) torso lengths in one frame at \(frame.time) s")
            }
            previous = (hips, size, pose.trackID)
        }
        print("VideoTests vtest.avi 50-59 s: a person followed in \(found) of \(frames) frames, \(tracks.count) track(s), largest step \(String(format: "%.2f", largestStep)) torso lengths a frame")
        #expect(found >= frames * 3 / 4)
        #expect(tracks.count <= 2)
    }

    @Test func badFilesAreRefusedNamingTheFile() throws {
        let folder = try ScratchDirectory()
        let text = folder.file("notes.mp4")
        try Data("this is not a video\n".utf8).write(to: URL(fileURLWithPath: text))
        let e1 = try #require(throws: VisionError.self) { try FrameCapture(.video(text)) }
        #expect(e1.message.hasPrefix(text + ": ") && e1.message.contains("not a video"))

        let missing = folder.file("nothing.mp4")
        let e2 = try #require(throws: VisionError.self) { try FrameCapture(.video(missing)) }
        #expect(e2.message.hasPrefix(missing + ": "))

        let image = folder.file("broken.png")
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: image))
        let e3 = try #require(throws: VisionError.self) { try FrameCapture(.image(image)) }
        #expect(e3.message.hasPrefix(image + ": ") && e3.message.contains("not an image"))

        let e4 = try #require(throws: VisionError.self) { try FrameCapture(.camera(63)) }
        #expect(e4.message.hasPrefix("camera:63: ") && e4.message.contains("/dev/video63"))

        let e5 = try #require(throws: VisionError.self) {
            try BlazePoseExtractor(model: BlazePoseModel(directory: folder.url), smoothing: false)
        }
        #expect(e5.message.contains("pose_detection.onnx") && e5.message.contains("convert-blazepose"))
    }

    @Test func aTruncatedVideoIsAnErrorNotAShortVideo() throws {
        let folder = try ScratchDirectory()
        let video = folder.file("clip.avi")
        try Self.writeVideo(video, repeating: Self.grey(128), frames: 50, fps: 25)
        let whole = try Data(contentsOf: URL(fileURLWithPath: video))
        let cut = folder.file("cut.avi")
        try whole.prefix(whole.count / 3).write(to: URL(fileURLWithPath: cut))
        var error: VisionError?
        do {
            let capture = try FrameCapture(.video(cut))
            while try capture.read() != nil {}
        } catch let e as VisionError { error = e }
        let e = try #require(error, "a video cut to a third read as if whole")
        #expect(e.message.hasPrefix(cut + ": "))
        print("VideoTests truncated: \(e.message)")

        // The whole file reads to its end.
        let capture = try FrameCapture(.video(video))
        var n = 0
        while try capture.read() != nil { n += 1 }
        #expect(n == 50)
    }
}
