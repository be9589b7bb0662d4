import CVBridge

/// A decoded picture with its time in seconds, as a capture delivers it (OpenCV memory, no copy into Swift).
public final class VideoFrame {
    let pointer: OpaquePointer

    init(owning pointer: OpaquePointer) { self.pointer = pointer }

    /// An empty frame for a capture to fill.
    convenience init() { self.init(owning: cvb_frame_new()) }

    /// A frame from RGB pixels (row-major, 3 bytes a pixel).
    public convenience init(rgb: [UInt8], width: Int, height: Int, time: Double = 0) throws {
        guard rgb.count == width * height * 3 else {
            throw VisionError(code: Int32(CVB_E_ARGUMENT), message: "\(rgb.count) bytes are not \(width)x\(height) RGB pixels")
        }
        let made = rgb.withUnsafeBufferPointer { cvb_frame_from_rgb($0.baseAddress, Int32(width), Int32(height), time) }
        guard let made else { throw VisionError.last(Int32(CVB_E_ARGUMENT)) }
        self.init(owning: made)
    }

    deinit { cvb_frame_free(pointer) }

    public var width: Int { Int(cvb_frame_width(pointer)) }
    public var height: Int { Int(cvb_frame_height(pointer)) }
    /// Seconds: the video's own timeline, a camera's monotonic clock since it opened, 0 for an image.
    public var time: Double { cvb_frame_time(pointer) }

    /// The pixels, RGB, row-major.
    public func pixels() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 3)
        out.withUnsafeMutableBufferPointer { cvb_frame_pixels(pointer, $0.baseAddress!) }
        return out
    }

    /// A copy scaled to `width` x `height`.
    public func resized(width: Int, height: Int) throws -> VideoFrame {
        guard let p = cvb_frame_resized(pointer, Int32(width), Int32(height)) else { throw VisionError.last(Int32(CVB_E_ARGUMENT)) }
        return VideoFrame(owning: p)
    }

    /// Writes the frame as PNG or JPEG (by extension).
    public func write(to path: String) throws { try VisionError.check(cvb_frame_write(pointer, path)) }

    /// Draws a pose (bones and joints; the person's left side blue, right side red, as in every picture of the project).
    public func draw(_ pose: PoseObservation) {
        guard pose.found else { return }
        withUnsafePointer(to: pose.raw) {
            cvb_frame_draw_pose(pointer, $0, Canvas.Colour.left.c, Canvas.Colour.right.c, Canvas.Colour.grey.c)
        }
    }

    /// A line of text at the top left (white on a dark band).
    public func drawLabel(_ text: String) { cvb_frame_draw_label(pointer, text) }
}
