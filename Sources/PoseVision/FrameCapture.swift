import CVBridge
import Foundation

/// Frames from a camera (`/dev/videoN`), a video file or an image. Video frames come upright (the
/// file's rotation matrix is applied), timed on the video's own timeline; camera frames on a
/// monotonic clock from the moment it opened.
public final class FrameCapture {
    public enum Kind: Equatable, Sendable {
        case camera(Int)
        case video(String)
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
        case .image(let path): status = cvb_capture_open_image(path, &out)
        }
        try VisionError.check(status)
        guard let out else { throw VisionError.last(Int32(CVB_E_INTERNAL)) }
        pointer = out
        self.kind = kind
        var i = cvb_capture_info()
        cvb_capture_get_info(out, &i)
        info = Info(width: Int(i.width), height: Int(i.height), fps: i.fps,
                    frameCount: i.frame_count >= 0 ? Int(i.frame_count) : nil, rotation: Int(i.rotation))
    }

    deinit { cvb_capture_free(pointer) }

    /// What the capture reads: `camera:N` or the path.
    public var name: String {
        switch kind {
        case .camera(let n): return "camera:\(n)"
        case .video(let p), .image(let p): return p
        }
    }

    public var isCamera: Bool { if case .camera = kind { return true } else { return false } }

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
