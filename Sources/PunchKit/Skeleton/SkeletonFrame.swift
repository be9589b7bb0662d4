/// One frame of a skeleton stream: what a pose extractor gives for one image.
public struct SkeletonFrame: Sendable, Equatable {
    public var time: Double
    public var positions: [Vec3]
    public var confidences: [Double]
    public var world: [Vec3]?

    public init(time: Double, positions: [Vec3], confidences: [Double], world: [Vec3]? = nil) {
        self.time = time
        self.positions = positions
        self.confidences = confidences
        self.world = world
    }

    /// A frame where nobody was seen: every joint missing.
    public static func empty(time: Double, jointCount: Int, withWorld: Bool) -> SkeletonFrame {
        SkeletonFrame(time: time, positions: Array(repeating: .zero, count: jointCount),
                      confidences: Array(repeating: 0, count: jointCount),
                      world: withWorld ? Array(repeating: .zero, count: jointCount) : nil)
    }

    public var meanConfidence: Double {
        confidences.isEmpty ? 0 : confidences.reduce(0, +) / Double(confidences.count)
    }
}

extension SkeletonSequence {
    public func frame(_ f: Int) -> SkeletonFrame {
        let n = layout.count
        let r = (f * n)..<((f + 1) * n)
        return SkeletonFrame(time: times[f], positions: Array(positions[r]), confidences: Array(confidences[r]),
                             world: world.map { Array($0[r]) })
    }

    public mutating func append(_ frame: SkeletonFrame) {
        append(time: frame.time, positions: frame.positions, confidences: frame.confidences, world: frame.world)
    }

    public var frames: [SkeletonFrame] { (0..<frameCount).map(frame) }
}
