import Foundation
import Testing
import TestSupport
@testable import PoseVision

/// The camera stand-in (`FrameCapture.Kind.liveVideo`): a video's frames on the wall clock, the ones a
/// slow reader misses dropped, frames timed as a camera times them. No test here asserts a duration: the
/// machine may be busy, which only makes a reader slower, never faster.
@Suite struct LiveVideoTests {
    /// 30 frames at 30 fps: one second of video.
    static func oneSecondVideo(in folder: ScratchDirectory, name: String = "second.avi") throws -> String {
        let path = folder.file(name)
        try VideoTests.writeVideo(path, repeating: VideoTests.grey(90), frames: 30, fps: 30)
        return path
    }

    /// A reader that needs 150 ms a frame on a 30 fps video takes at most about one frame in five: the
    /// others are dropped, every frame is still delivered, and what is read is stamped with its capture
    /// instant — a whole number of frame intervals after the first — not with the moment it was read.
    @Test func aSlowReaderMissesFramesAsFromACamera() throws {
        let folder = try ScratchDirectory()
        let capture = try FrameCapture(.liveVideo(try Self.oneSecondVideo(in: folder)))
        #expect(capture.isLive && !capture.isCamera)
        let origin = try #require(capture.info.clockOrigin)
        var times: [Double] = []
        while let frame = try capture.read() {
            times.append(frame.time)
            usleep(150_000)
        }
        let stats = capture.stats
        #expect(stats.delivered == 30)
        #expect(stats.taken == times.count)
        #expect(stats.dropped == 30 - times.count)
        #expect(times.count < 30 && times.count >= 2, "\(times.count) frames read")
        let slots = times.map { ($0 - times[0]) * 30 }
        for (i, s) in slots.enumerated() {
            #expect(abs(s - s.rounded()) < 1e-3, "frame \(i) at \(times[i]) s is not on the 30 fps clock")
            if i > 0 { #expect(s.rounded() > slots[i - 1].rounded(), "frames come in order") }
        }
        #expect(slots.last!.rounded() <= 29)
        // Camera time: seconds since the capture opened, on the monotonic clock.
        #expect(times[0] >= 0 && origin + times.last! <= monotonicNow())
    }

    /// A video cut short reports its error through the stand-in, naming the file; a missing file fails
    /// on opening, as a video does.
    @Test func errorsNameTheFile() throws {
        let folder = try ScratchDirectory()
        let video = try Self.oneSecondVideo(in: folder)
        let whole = try Data(contentsOf: URL(fileURLWithPath: video))
        let cut = folder.file("cut.avi")
        try whole.prefix(whole.count / 3).write(to: URL(fileURLWithPath: cut))
        var error: VisionError?
        do {
            let capture = try FrameCapture(.liveVideo(cut))
            while try capture.read() != nil {}
        } catch let e as VisionError { error = e }
        #expect(try #require(error, "a video cut to a third read as if whole").message.hasPrefix(cut + ": "))

        let missing = folder.file("nothing.mp4")
        let e = try #require(throws: VisionError.self) { try FrameCapture(.liveVideo(missing)) }
        #expect(e.message.hasPrefix(missing + ": "))
    }

    /// Letting go of a capture in the middle of its video stops its thread (no hang, no crash), and one
    /// never read has not started its clock.
    @Test func aCaptureLetGoMidVideoStops() throws {
        let folder = try ScratchDirectory()
        let video = try Self.oneSecondVideo(in: folder)
        do {
            let capture = try FrameCapture(.liveVideo(video))
            #expect(try capture.read() != nil)
        }
        let unread = try FrameCapture(.liveVideo(video))
        usleep(100_000)
        #expect(unread.stats.delivered == 0)
    }

    func monotonicNow() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }
}
