/// Read access to a run of canonical 60 fps frames: a window of a sequence or the ring buffer of a
/// live stream. The feature extractor reads through it, so both paths share every line of maths.
public protocol WindowSource {
    /// Number of frames in the window (the oldest is 0).
    var frameCount: Int { get }
    /// The 3D point of canonical joint `joint` in window frame `t` (world coordinates when present).
    func point(_ t: Int, _ joint: Int) -> Vec3
    func confidence(_ t: Int, _ joint: Int) -> Double
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

    @inline(__always) public func confidence(_ t: Int, _ joint: Int) -> Double {
        sequence.confidence(frame: frame(t), joint: joint)
    }
}
