/// The window as the camera sees it, normalised without any depth: the image-plane channels of the
/// classifier, which every source has (2D keypoints, BlazePose, Kinect, HybrIK, the synthetic boxer).
///
/// - centre: mid-hip in each frame (mid-shoulder when the hips are missing in most of the window, as
///   when a laptop webcam sees only the upper body);
/// - scale: the median image torso length (mid-hip → mid-shoulder), else 1.4 × the median shoulder
///   width. The torso stays nearly upright in the picture whatever the camera's yaw, so this scale does
///   not depend on where the camera stands; pixels, normalised and metric sources all become torso lengths;
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
        let T = w.frameCount
        let ls = Joint.leftShoulder.rawValue, rs = Joint.rightShoulder.rawValue
        let lh = Joint.leftHip.rawValue, rh = Joint.rightHip.rawValue
        func ok(_ t: Int, _ j: Int) -> Bool { w.confidence(t, j) > BodyFrame.minConfidence }
        var hipFrames = 0
        for t in 0..<T where ok(t, lh) && ok(t, rh) { hipFrames += 1 }
        let useHips = hipFrames * 2 >= T

        var centres = [Vec3](repeating: .zero, count: T)
        var torso: [Double] = [], shoulderWidth: [Double] = []
        var firstValid: Int? = nil
        var last: Vec3? = nil
        for t in 0..<T {
            let shouldersOK = ok(t, ls) && ok(t, rs), hipsOK = ok(t, lh) && ok(t, rh)
            let midShoulder = (w.image(t, ls) + w.image(t, rs)) * 0.5
            let midHip = (w.image(t, lh) + w.image(t, rh)) * 0.5
            var c: Vec3? = nil
            if useHips && hipsOK { c = midHip } else if !useHips && shouldersOK { c = midShoulder }
            if let c {
                centres[t] = c
                last = c
                if firstValid == nil { firstValid = t }
            } else {
                centres[t] = last ?? .zero
            }
            if shouldersOK && hipsOK { torso.append((midShoulder - midHip).length) }
            if shouldersOK { shoulderWidth.append((w.image(t, ls) - w.image(t, rs)).length) }
        }
        if let first = firstValid { for t in 0..<first { centres[t] = centres[first] } }
        var scale = median(torso) ?? (median(shoulderWidth).map { $0 * 1.4 } ?? 1)
        if !(scale > 1e-9) { scale = 1 }
        var mean = Vec3.zero
        for c in centres { mean += c }
        mean = mean / Double(max(T, 1))
        return ImageFrame(centres: centres, meanCentre: mean, scale: scale, mirror: mirror)
    }
}
