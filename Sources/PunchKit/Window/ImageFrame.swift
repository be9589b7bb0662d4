/// The window as the camera sees it, normalised without any depth: the image-plane channels of the
/// classifier, which every source has (2D keypoints, BlazePose, Kinect, HybrIK, the synthetic boxer).
///
/// - centre and scale: mid-hip and the median image torso length (`Centring`, shared with `BodyFrame`).
///   The torso stays nearly upright in the picture whatever the camera's yaw, so this scale does not
///   depend on where the camera stands; pixels, normalised and metric sources all become torso lengths;
/// - no rotation: the picture's up is the world's up for a camera on a desk or a tripod;
/// - mirror: x → −x with left and right swapped, as for the body frame, so a southpaw (or a selfie view)
///   looks like an orthodox boxer.
///
/// Image coordinates: x right, y down (torso lengths), seen from the camera.
public struct ImageFrame: Sendable {
    public var centres: [Vec3]
    public var meanCentre: Vec3
    public var scale: Double
    public var mirror: Bool

    /// A point of window frame `t` in normalised image coordinates (z = 0).
    @inline(__always) public func apply(_ p: Vec3, frame t: Int) -> Vec3 {
        let d = (p - centres[t]) / scale
        return Vec3(mirror ? -d.x : d.x, d.y, 0)
    }

    /// A displacement (no centring) in normalised image coordinates.
    @inline(__always) public func applyDirection(_ d: Vec3) -> Vec3 {
        Vec3(mirror ? -d.x / scale : d.x / scale, d.y / scale, 0)
    }

    public static func estimate<W: WindowSource>(_ w: W, mirror: Bool) -> ImageFrame {
        let c = Centring(w, point: w.image)
        return ImageFrame(centres: c.centres, meanCentre: c.meanCentre, scale: c.scale, mirror: mirror)
    }
}
