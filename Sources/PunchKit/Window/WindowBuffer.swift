/// The sliding window of a live stream: a ring buffer of the last `capacity` canonical 60 fps frames
/// (120 = 2 s), fed frame by frame. Reading it as features costs one pass over the ring (no copy into
/// an intermediate array); until it is full the oldest frame is repeated, as for a sequence window.
public struct WindowBuffer: WindowSource {
    public let capacity: Int
    public let jointCount: Int
    private var points: [Vec3]
    private var images: [Vec3]
    private var confidences: [Double]
    private var depths: [Bool]
    private var times: [Double]
    /// Ring slot of the next frame to write.
    private var head = 0
    /// Frames written so far (saturates at capacity for `isFull`).
    public private(set) var count = 0

    public init(capacity: Int = 120, jointCount: Int = JointLayout.canonical.count) {
        self.capacity = capacity
        self.jointCount = jointCount
        points = Array(repeating: .zero, count: capacity * jointCount)
        images = Array(repeating: .zero, count: capacity * jointCount)
        depths = Array(repeating: false, count: capacity)
        confidences = Array(repeating: 0, count: capacity * jointCount)
        times = Array(repeating: 0, count: capacity)
    }

    public var frameCount: Int { capacity }
    public var isFull: Bool { count >= capacity }
    /// Time of the newest frame.
    public var newestTime: Double? { count == 0 ? nil : times[wrapped(head + capacity - 1)] }

    /// Appends a canonical frame: its world coordinates as the 3D points when present, else its main
    /// coordinates when `positionsHaveDepth` (metric or consistent 3D, see `SkeletonSequence.hasBodyDepth`);
    /// the main coordinates' x and y as the image points.
    public mutating func append(_ frame: SkeletonFrame, positionsHaveDepth: Bool = false) {
        precondition(frame.positions.count == jointCount)
        let src = frame.world ?? frame.positions
        let base = head * jointCount
        for j in 0..<jointCount {
            points[base + j] = src[j]
            images[base + j] = Vec3(frame.positions[j].x, frame.positions[j].y, 0)
            confidences[base + j] = frame.confidences[j]
        }
        depths[head] = frame.world != nil || positionsHaveDepth
        times[head] = frame.time
        head = wrapped(head + 1)
        count += 1
    }

    public mutating func reset() {
        head = 0
        count = 0
    }

    /// Ring slot of window frame t (0 = oldest), with edge padding before the first frame. Both sums lie in
    /// 0 ..< 2·capacity, so one subtraction wraps them instead of an integer division on every joint read.
    @inline(__always) private func slot(_ t: Int) -> Int {
        let filled = min(count, capacity)
        let missing = capacity - filled
        let k = max(t - missing, 0)  // index among the filled frames, oldest first
        let oldest = wrapped(head - filled + capacity)
        return wrapped(oldest + k)
    }

    @inline(__always) private func wrapped(_ i: Int) -> Int { i >= capacity ? i - capacity : i }

    @inline(__always) public func point(_ t: Int, _ joint: Int) -> Vec3 { points[slot(t) * jointCount + joint] }
    @inline(__always) public func image(_ t: Int, _ joint: Int) -> Vec3 { images[slot(t) * jointCount + joint] }
    @inline(__always) public func confidence(_ t: Int, _ joint: Int) -> Double { confidences[slot(t) * jointCount + joint] }
    /// The newest frame's: a stream does not change its kind of input.
    public var hasDepth: Bool { count > 0 && depths[wrapped(head + capacity - 1)] }
    public func time(_ t: Int) -> Double { times[slot(t)] }
}
