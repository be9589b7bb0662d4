/// Read access to a run of canonical 60 fps frames: a window of a sequence or the ring buffer of a
/// live stream. The feature extractor reads through it, so both paths share every line of maths.
public protocol WindowSource {
    /// Number of frames in the window (the oldest is 0).
    var frameCount: Int { get }
    /// The 3D point of canonical joint `joint` in window frame `t` (world coordinates when present).
    /// Meaningful only when `hasDepth`.
    func point(_ t: Int, _ joint: Int) -> Vec3
    /// The joint where the camera sees it: image x (right) and y (down), in the source's units (pixels,
    /// normalised, or the x and y of camera-aligned 3D joints); z is 0.
    func image(_ t: Int, _ joint: Int) -> Vec3
    func confidence(_ t: Int, _ joint: Int) -> Double
    /// Whether `point` is real 3D (see `SkeletonSequence.hasBodyDepth`); 2D keypoints give false.
    var hasDepth: Bool { get }
}

/// A window of a canonical sequence: frames `start ..< start + length`, where frames before the start
/// of the sequence repeat its first frame (edge padding, as for a stream that has just begun).
public struct SequenceWindow: WindowSource {
    public let sequence: SkeletonSequence
    public let start: Int
    public let frameCount: Int

    public init(_ sequence: SkeletonSequence, start: Int, length: Int) {
        precondition(sequence.layout == .canonical, "windows read canonical sequences")
        self.sequence = sequence
        self.start = start
        self.frameCount = length
    }

    @inline(__always) private func frame(_ t: Int) -> Int {
        min(max(start + t, 0), sequence.frameCount - 1)
    }

    @inline(__always) public func point(_ t: Int, _ joint: Int) -> Vec3 {
        sequence.worldPosition(frame: frame(t), joint: joint)
    }

    @inline(__always) public func image(_ t: Int, _ joint: Int) -> Vec3 {
        let p = sequence.position(frame: frame(t), joint: joint)
        return Vec3(p.x, p.y, 0)
    }

    @inline(__always) public func confidence(_ t: Int, _ joint: Int) -> Double {
        sequence.confidence(frame: frame(t), joint: joint)
    }

    public var hasDepth: Bool { sequence.hasBodyDepth }
}
