import CVBridge
import Foundation

/// Frames from a camera (`/dev/videoN`), a video file or an image. Video frames come upright (the
/// file's rotation matrix is applied), timed on the video's own timeline; camera frames on a
/// monotonic clock from the moment it opened.
///
/// A live video is the camera stand-in: the file's frames are delivered on the wall clock at their
/// instants, into the two buffers a camera has, and a frame the reader does not take in time is
/// dropped, as a camera drops it. Its frames are timed as a camera's. Tests and `bench --live` run the
/// live path of the coach with it, which needs no camera.
public final class FrameCapture {
    public enum Kind: Equatable, Sendable {
        case camera(Int)
        case video(String)
        /// A video file played as a camera would deliver it.
        case liveVideo(String)
        case image(String)
    }

    public struct Info: Sendable {
        /// Size of the delivered (upright) frames.
        public var width: Int, height: Int
        /// Nominal frame rate; 0 when unknown or for an image.
        public var fps: Double
        /// Frames the file announces (nil when unknown, e.g. a camera).
        public var frameCount: Int?
        /// Clockwise degrees applied to the stored frames to show them upright.
        public var rotation: Int
        /// A camera's or a live video's: the CLOCK_MONOTONIC instant (seconds) of frame time 0, so a
        /// frame was captured at `clockOrigin + time`; nil for a file read at the reader's pace.
        public var clockOrigin: Double?
    }

    /// Frames delivered and taken so far: what a live capture missed.
    public struct Stats: Sendable, Equatable {
        /// Frames captured on the clock (nil for a camera, whose driver does not say).
        public var delivered: Int?
        /// Frames read.
        public var taken: Int
        /// Frames not read in time, overwritten by newer ones (nil for a camera).
        public var dropped: Int?
        /// Live video: frames the stand-in itself decoded more than a frame interval after their instant
        /// (decoding slower than real time on a loaded machine).
        public var late: Int
    }

    public let kind: Kind
    public let info: Info
    private let pointer: OpaquePointer

    public init(_ kind: Kind) throws {
        var out: OpaquePointer?
        let status: Int32
        switch kind {
        case .camera(let n): status = cvb_capture_open_camera(Int32(n), &out)
        case .video(let path): status = cvb_capture_open_video(path, &out)
        case .liveVideo(let path): status = cvb_capture_open_live_video(path, &out)
        case .image(let path): status = cvb_capture_open_image(path, &out)
        }
        try VisionError.check(status)
        guard let out else { throw VisionError.last(Int32(CVB_E_INTERNAL)) }
        pointer = out
        self.kind = kind
        var i = cvb_capture_info()
        cvb_capture_get_info(out, &i)
        info = Info(width: Int(i.width), height: Int(i.height), fps: i.fps,
                    frameCount: i.frame_count >= 0 ? Int(i.frame_count) : nil, rotation: Int(i.rotation),
                    clockOrigin: i.is_live != 0 ? i.clock_origin : nil)
    }

    deinit { cvb_capture_free(pointer) }

    /// What the capture reads: `camera:N` or the path.
    public var name: String {
        switch kind {
        case .camera(let n): return "camera:\(n)"
        case .video(let p), .liveVideo(let p), .image(let p): return p
        }
    }

    public var isCamera: Bool { if case .camera = kind { return true } else { return false } }

    /// A camera or a live video: frames come at the pace of the world, and a late reader misses some.
    public var isLive: Bool { info.clockOrigin != nil }

    /// Frames delivered, taken and dropped so far (of a live video: safe while another thread reads).
    public var stats: Stats {
        var s = cvb_capture_stats()
        cvb_capture_get_stats(pointer, &s)
        return Stats(delivered: s.delivered >= 0 ? Int(s.delivered) : nil, taken: Int(s.taken),
                     dropped: s.dropped >= 0 ? Int(s.dropped) : nil, late: Int(s.late))
    }

    /// The next frame, or nil at the end. Throws a one-line error naming the file or device.
    public func read() throws -> VideoFrame? {
        let frame = VideoFrame()
        let status = cvb_capture_read(pointer, frame.pointer)
        if status == Int32(CVB_E_END) { return nil }
        try VisionError.check(status)
        return frame
    }

    /// The clockwise display rotation stored in an MP4/MOV file (0 when none).
    public static func storedRotation(ofVideo path: String) -> Int {
        var degrees: Int32 = 0
        _ = cvb_video_rotation(path, &degrees)
        return Int(degrees)
    }
}
