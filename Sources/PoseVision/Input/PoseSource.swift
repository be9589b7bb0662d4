import PunchKit

/// Where skeletons come from: a camera or a video through the pose model, a skeleton CSV replay, or
/// the synthetic boxer. Every source gives canonical (COCO-17) frames with increasing times in seconds.
public protocol PoseSource: AnyObject {
    /// What the source is, for status lines and the database (`camera:0`, a path, `demo`).
    var name: String { get }
    /// True when frames arrive at the pace of the world (a camera); false when the consumer sets the pace
    /// (files, the synthetic boxer), and a live consumer should wait until each frame's time.
    var isRealTime: Bool { get }
    /// A real-time source's clock: the CLOCK_MONOTONIC instant (seconds) of frame time 0, so that a
    /// frame was captured at `clockOrigin + time` (capture→event latency); nil for paced sources.
    var clockOrigin: Double? { get }
    /// The units of the frames' image coordinates (pixels for a camera or a video).
    var units: CoordinateUnits { get }
    /// Whether the joints are real 3D without world coordinates (a replayed Kinect or HybrIK file; see
    /// `SkeletonSequence.hasBodyDepth`): the detector may then read depth from them.
    var positionsHaveDepth: Bool { get }
    /// The boxer's stance when the input states it (a skeleton CSV's `stance=`); nil: read it from the body.
    var declaredStance: Stance? { get }
    /// The next frame, or nil at the end of the input. Throws a one-line error naming the file or device.
    func nextFrame() throws -> SkeletonFrame?
}

extension PoseSource {
    public var clockOrigin: Double? { nil }
    public var units: CoordinateUnits { .px }
    public var positionsHaveDepth: Bool { false }
    public var declaredStance: Stance? { nil }

    /// Calls `body` with every frame, stopping after `maxSeconds` of input when given.
    public func forEachFrame(maxSeconds: Double? = nil, _ body: (SkeletonFrame) throws -> Void) throws {
        var first: Double?
        while let frame = try nextFrame() {
            if first == nil { first = frame.time }
            if let maxSeconds, let first, frame.time - first > maxSeconds { break }
            try body(frame)
        }
    }
}

/// Replays a skeleton sequence (e.g. a CSV) frame by frame, mapped to the canonical layout.
public final class SkeletonReplaySource: PoseSource {
    public let name: String
    public var isRealTime: Bool { false }
    private let sequence: SkeletonSequence
    private var index = 0
    public let declaredStance: Stance?

    public init(_ sequence: SkeletonSequence, name: String) throws {
        self.sequence = try sequence.canonical()
        self.name = name
        declaredStance = sequence.declaredStance
    }

    public var units: CoordinateUnits { sequence.units }
    public var positionsHaveDepth: Bool { sequence.hasBodyDepth }

    public func nextFrame() throws -> SkeletonFrame? {
        guard index < sequence.frameCount else { return nil }
        defer { index += 1 }
        return sequence.frame(index)
    }
}
