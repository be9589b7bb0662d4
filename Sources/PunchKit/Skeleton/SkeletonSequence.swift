/// Units of a skeleton's main coordinates.
public enum CoordinateUnits: String, Sendable, CaseIterable {
    /// Image pixels (x right, y down); z, when present, in the same pixel scale (BlazePose image z).
    case px
    /// Metres, camera-aligned (x right, y down, z away from the camera).
    case m
    /// Image coordinates divided by width and height (0…1).
    case norm
    /// A consistent but unknown scale (e.g. HybrIK's scaled, pelvis-centred SMPL joints).
    case arb
}

/// A skeleton per frame: timestamps and per-joint (x, y, z, confidence), optionally with world
/// coordinates in metres beside image coordinates (BlazePose and the synthetic boxer give both).
///
/// Storage is flat (`frame * jointCount + joint`) so that a window can be copied with one pass.
public struct SkeletonSequence: Sendable, Equatable {
    public var layout: JointLayout
    public var units: CoordinateUnits
    /// Where the data came from (`blazepose`, `synth`, a dataset name …); free text without spaces.
    public var source: String
    /// The person, when known (datasets split by subject).
    public var subject: String?
    /// The nominal frame rate, when the file states one (`fps=`); timestamps are always authoritative.
    public var fps: Double?
    /// Extra `key=value` pairs of the file's first comment line, kept in order for an exact round trip.
    public var extra: [KeyValue]
    /// Whether the main coordinates carry a z. False for 2D keypoints (YOLO-pose, RTMO, MoveNet,
    /// OpenPose: z left empty), whose z then reads 0.
    public var hasDepth: Bool = true

    public private(set) var times: [Double] = []
    public private(set) var positions: [Vec3] = []
    public private(set) var confidences: [Double] = []
    /// World coordinates in metres (camera-aligned, hip-centred), when the source provides them.
    public private(set) var world: [Vec3]?

    public struct KeyValue: Equatable, Sendable {
        public var key: String
        public var value: String
        public init(_ key: String, _ value: String) {
            self.key = key
            self.value = value
        }
    }

    public init(layout: JointLayout, units: CoordinateUnits, source: String = "unknown", subject: String? = nil,
                hasWorld: Bool = false, reservingFrames: Int = 0) {
        self.layout = layout
        self.units = units
        self.source = source
        self.subject = subject
        self.fps = nil
        self.extra = []
        times.reserveCapacity(reservingFrames)
        positions.reserveCapacity(reservingFrames * layout.count)
        confidences.reserveCapacity(reservingFrames * layout.count)
        if hasWorld {
            world = []
            world!.reserveCapacity(reservingFrames * layout.count)
        }
    }

    public var jointCount: Int { layout.count }
    public var frameCount: Int { times.count }
    public var isEmpty: Bool { times.isEmpty }
    public var duration: Double { times.count > 1 ? times[times.count - 1] - times[0] : 0 }

    @inlinable public func position(frame: Int, joint: Int) -> Vec3 { positions[frame * layout.count + joint] }
    @inlinable public func confidence(frame: Int, joint: Int) -> Double { confidences[frame * layout.count + joint] }
    /// World position when present, else the main position.
    @inlinable public func worldPosition(frame: Int, joint: Int) -> Vec3 {
        if let world { return world[frame * layout.count + joint] }
        return positions[frame * layout.count + joint]
    }

    /// Whether the classifier gets 3D joints from this sequence: world coordinates, or main coordinates
    /// with a real z in metres or a consistent unit (Kinect, HybrIK). Image z (BlazePose's `px` z,
    /// MediaPipe's normalised z) is relative depth, too unreliable to read as 3D.
    public var hasBodyDepth: Bool { world != nil || (hasDepth && (units == .m || units == .arb)) }

    /// Appends one frame. `world` must be given exactly when the sequence has world coordinates.
    public mutating func append(time: Double, positions p: [Vec3], confidences c: [Double], world w: [Vec3]? = nil) {
        precondition(p.count == layout.count && c.count == layout.count, "frame has the wrong number of joints")
        precondition((w == nil) == (world == nil), "world coordinates must be given for every frame or none")
        times.append(time)
        positions.append(contentsOf: p)
        confidences.append(contentsOf: c)
        if let w {
            precondition(w.count == layout.count)
            world!.append(contentsOf: w)
        }
    }

    /// Frames `range` as a new sequence (same metadata).
    public func slice(frames range: Range<Int>) -> SkeletonSequence {
        var out = self
        let n = layout.count
        out.times = Array(times[range])
        out.positions = Array(positions[(range.lowerBound * n)..<(range.upperBound * n)])
        out.confidences = Array(confidences[(range.lowerBound * n)..<(range.upperBound * n)])
        if let world { out.world = Array(world[(range.lowerBound * n)..<(range.upperBound * n)]) }
        return out
    }

    /// The frames whose time lies in `[start, end]`.
    public func slice(from start: Double, to end: Double) -> SkeletonSequence {
        let lo = times.firstIndex { $0 >= start } ?? times.count
        let hi = times.lastIndex { $0 <= end }.map { $0 + 1 } ?? lo
        return slice(frames: lo..<max(lo, hi))
    }

    /// A copy with every position and world point transformed by `f` (confidences and times kept).
    public func mapPoints(_ f: (Vec3) -> Vec3) -> SkeletonSequence {
        var out = self
        out.positions = positions.map(f)
        if let world { out.world = world.map(f) }
        return out
    }

    /// A copy whose times are shifted by `dt`.
    public func shifted(by dt: Double) -> SkeletonSequence {
        var out = self
        out.times = times.map { $0 + dt }
        return out
    }

    /// A copy with the world coordinates dropped (the main coordinates kept).
    public func droppingWorld() -> SkeletonSequence {
        var out = self
        out.world = nil
        return out
    }

    /// The picture alone, as a 2D pose tool would give it: world coordinates dropped, z zeroed, no depth.
    public func flattenedToPicture() -> SkeletonSequence {
        var out = droppingWorld().mapPoints { Vec3($0.x, $0.y, 0) }
        out.hasDepth = false
        if out.units == .m || out.units == .arb { out.units = .arb }
        return out
    }

    /// Replaces the confidence of one joint in one frame (used by occlusion models and tests).
    public mutating func setConfidence(_ c: Double, frame: Int, joint: Int) {
        confidences[frame * layout.count + joint] = c
    }

    /// Mean confidence of the frame's joints.
    public func meanConfidence(frame: Int) -> Double {
        let n = layout.count
        var s = 0.0
        for j in 0..<n { s += confidences[frame * n + j] }
        return s / Double(n)
    }
}

/// Problems with skeleton data that are not tied to a line of a file.
public enum SkeletonError: Error, CustomStringConvertible, Equatable {
    /// The layout lacks joints every skeleton needs (`LayoutMapping.requiredJoints`).
    case unreadableLayout(String, missing: [String])
    case tooShort(String, frames: Int)

    public var description: String {
        switch self {
        case .unreadableLayout(let name, let missing):
            return "joint layout '\(name)' has no \(missing.joined(separator: ", ")); a skeleton needs both shoulders, "
                + "elbows, wrists and hips"
        case .tooShort(let what, let frames):
            return "\(what): only \(frames) frame(s); need at least 2 to resample"
        }
    }
}
