/// The body-centred frame of one window, in which the classifier sees every boxer the same way:
///
/// - centre and scale: mid-hip in each frame and the median torso length (`Centring`, shared with the
///   picture's `ImageFrame`);
/// - vertical: the body's own (mid-ankle → mid-shoulder), so that a tilted camera does not tilt the boxer;
/// - yaw: rotated about that vertical so that the boxer's chest faces +z — the chest normal is
///   `down × (L − R)` from the shoulder and hip lines, so it needs no camera and no stance;
/// - mirror: optionally reflected (x → −x, left ↔ right joints), so that a southpaw boxer or a selfie
///   view looks like an orthodox boxer filmed directly.
///
/// Body coordinates: x to the boxer's left, y down the body, z forward.
public struct BodyFrame: Sendable {
    public var centres: [Vec3]
    public var meanCentre: Vec3
    public var scale: Double
    /// Unit vector pointing down the body (from shoulders towards feet), in input coordinates.
    public var down: Vec3
    /// Unit direction the chest faces, across the body's vertical, in input coordinates.
    public var forward: Vec3
    /// Unit direction of the boxer's left, across the body's vertical, in input coordinates.
    public var lateral: Vec3
    public var mirror: Bool

    /// Joints with confidence at or below this are ignored for the statistics of the frame.
    public static let minConfidence = 0.2

    public init(centres: [Vec3], meanCentre: Vec3, scale: Double, down: Vec3, forward: Vec3, lateral: Vec3, mirror: Bool) {
        self.centres = centres
        self.meanCentre = meanCentre
        self.scale = scale
        self.down = down
        self.forward = forward
        self.lateral = lateral
        self.mirror = mirror
    }

    /// A point of window frame `t` in body coordinates (torso lengths; x to the boxer's left, y down, z forward).
    @inline(__always) public func apply(_ p: Vec3, frame t: Int) -> Vec3 {
        let d = p - centres[t]
        let x = d.dot(lateral) / scale
        return Vec3(mirror ? -x : x, d.dot(down) / scale, d.dot(forward) / scale)
    }

    /// A displacement (no centring) in body coordinates.
    @inline(__always) public func applyDirection(_ d: Vec3) -> Vec3 {
        let x = d.dot(lateral) / scale
        return Vec3(mirror ? -x : x, d.dot(down) / scale, d.dot(forward) / scale)
    }

    @_specialize(exported: true, where W == WindowBuffer)
    public static func estimate<W: WindowSource>(_ w: W, mirror: Bool) -> BodyFrame {
        let T = w.frameCount
        let ls = Joint.leftShoulder.rawValue, rs = Joint.rightShoulder.rawValue
        let lh = Joint.leftHip.rawValue, rh = Joint.rightHip.rawValue
        func ok(_ t: Int, _ j: Int) -> Bool { w.confidence(t, j) > minConfidence }

        let centring = Centring(w, point: w.point)
        // The chest's left-right line: shoulders and hips summed over the frames where they are seen.
        var across = Vec3.zero
        for t in 0..<T {
            if ok(t, ls) && ok(t, rs) { across += w.point(t, ls) - w.point(t, rs) }
            if ok(t, lh) && ok(t, rh) { across += w.point(t, lh) - w.point(t, rh) }
        }

        // Body vertical: mid-ankle → mid-shoulder when the feet are seen in most of the window (the centre
        // of mass sits over the feet), else mid-hip → mid-shoulder, else the camera's y axis. Cameras are
        // not level: CoachMe's HybrIK joints lean 30–45°, a laptop webcam looks up or down.
        let la = Joint.leftAnkle.rawValue, ra = Joint.rightAnkle.rawValue
        var footUp = Vec3.zero, torsoUp = Vec3.zero
        var footFrames = 0
        for t in 0..<T where ok(t, ls) && ok(t, rs) {
            let midShoulder = (w.point(t, ls) + w.point(t, rs)) * 0.5
            if ok(t, la) && ok(t, ra) {
                footUp += midShoulder - (w.point(t, la) + w.point(t, ra)) * 0.5
                footFrames += 1
            }
            if ok(t, lh) && ok(t, rh) { torsoUp += midShoulder - (w.point(t, lh) + w.point(t, rh)) * 0.5 }
        }
        var down = Vec3(0, 1, 0)
        if footFrames * 2 >= T, footUp.length > 1e-9 { down = -footUp.normalized } else if torsoUp.length > 1e-9 {
            down = -torsoUp.normalized
        }
        // Chest normal: (left − right) in the plane across the vertical, turned a quarter turn (down × left).
        let a = across - down * across.dot(down)
        var forward = Vec3(0, 0, -1)  // facing the camera when nothing is known
        var lateral = Vec3(1, 0, 0)
        if a.length > 1e-9 {
            lateral = a.normalized  // the boxer's left
            forward = down.cross(lateral).normalized
        } else {
            forward = (forward - down * forward.dot(down)).normalized
            lateral = forward.cross(down).normalized
        }
        return BodyFrame(centres: centring.centres, meanCentre: centring.meanCentre, scale: centring.scale, down: down,
                         forward: forward, lateral: lateral, mirror: mirror)
    }
}
