import CVBridge

/// An RGB picture to draw on and save as PNG or JPEG (contact sheets, charts, overlays), drawn by
/// OpenCV through the shim. Coordinates are pixels with sub-pixel precision, origin top-left.
public final class Canvas {
    public struct Colour: Equatable, Sendable {
        public var r: UInt8, g: UInt8, b: UInt8
        public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
            self.r = r
            self.g = g
            self.b = b
        }
        var c: cvb_rgb { cvb_rgb(r: r, g: g, b: b) }

        public static let white = Colour(255, 255, 255)
        public static let black = Colour(0, 0, 0)
        public static let grey = Colour(150, 150, 150)
        public static let lightGrey = Colour(225, 225, 225)
        /// Left side of the body (the boxer's left), in every picture of the project.
        public static let left = Colour(32, 120, 220)
        /// Right side of the body.
        public static let right = Colour(220, 60, 40)
        public static let centre = Colour(60, 60, 60)
    }

    private let image: OpaquePointer
    public let width: Int
    public let height: Int

    public init(width: Int, height: Int, background: Colour = .white) throws {
        guard let image = cvb_image_new(Int32(width), Int32(height), background.c) else {
            throw VisionError.last(Int32(CVB_E_ARGUMENT))
        }
        self.image = image
        self.width = width
        self.height = height
    }

    deinit { cvb_image_free(image) }

    public func line(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ colour: Colour, thickness: Int = 1) {
        cvb_image_line(image, x0, y0, x1, y1, colour.c, Int32(thickness))
    }

    public func circle(_ cx: Double, _ cy: Double, radius: Double, _ colour: Colour, filled: Bool = true, thickness: Int = 1) {
        cvb_image_circle(image, cx, cy, radius, colour.c, filled ? -1 : Int32(thickness))
    }

    public func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ colour: Colour, filled: Bool = true, thickness: Int = 1) {
        cvb_image_rect(image, x, y, w, h, colour.c, filled ? -1 : Int32(thickness))
    }

    /// Text with its baseline at (x, y); scale 1 ≈ 20 px high.
    public func text(_ s: String, _ x: Double, _ y: Double, scale: Double = 1, _ colour: Colour = .black, thickness: Int = 1) {
        cvb_image_text(image, s, x, y, scale, colour.c, Int32(thickness))
    }

    public static func textSize(_ s: String, scale: Double = 1, thickness: Int = 1) -> (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        cvb_text_size(s, scale, Int32(thickness), &w, &h)
        return (Int(w), Int(h))
    }

    /// Writes the picture; the format follows the extension (.png, .jpg).
    public func write(to path: String) throws {
        try VisionError.check(cvb_image_write(image, path))
    }

    /// The pixels, RGB, row-major (for tests).
    public func pixels() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 3)
        out.withUnsafeMutableBufferPointer { cvb_image_pixels(image, $0.baseAddress!) }
        return out
    }
}
