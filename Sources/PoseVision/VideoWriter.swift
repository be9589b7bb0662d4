import CVBridge

/// Writes frames as an MP4 (MPEG-4) or AVI (MJPEG) file, e.g. an overlay a person can play back.
public final class VideoWriter {
    private var pointer: OpaquePointer?
    public let path: String

    public init(path: String, width: Int, height: Int, fps: Double) throws {
        var out: OpaquePointer?
        try VisionError.check(cvb_video_writer_open(path, Int32(width), Int32(height), fps, &out))
        pointer = out
        self.path = path
    }

    deinit { if let pointer { _ = cvb_video_writer_close(pointer) } }

    public func write(_ frame: VideoFrame) throws {
        guard let pointer else { throw VisionError(code: Int32(CVB_E_ARGUMENT), message: "\(path): the video is already closed") }
        try VisionError.check(cvb_video_writer_write(pointer, frame.pointer))
    }

    /// Finishes the file.
    public func close() throws {
        guard let p = pointer else { return }
        pointer = nil
        try VisionError.check(cvb_video_writer_close(p))
    }
}
