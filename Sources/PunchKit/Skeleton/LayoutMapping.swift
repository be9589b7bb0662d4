/// How the joints of one layout become the canonical (COCO-17) joints.
///
/// A canonical joint copies the source joint of the same name (in the standard spelling, `JointName`)
/// or is missing (confidence 0). Where a layout lacks the joint, a stand-in a few centimetres away is
/// taken, the first of `standIns` that the layout has: the head centre (SMPL, Kinect) or the top of
/// the head (MPII) for the nose, which the classifier never reads; the hand (Kinect's hand, SMPL's
/// left_hand) for a wrist; the foot joint for an ankle (Human3.6M calls its ankle the foot).
public struct LayoutMapping: Sendable {
    public let source: JointLayout
    /// For each canonical joint, the index of its source joint, or nil when the source lacks it.
    public let sourceIndex: [Int?]

    public init(source: JointLayout, sourceIndex: [Int?]) {
        precondition(sourceIndex.count == JointLayout.canonical.count)
        self.source = source
        self.sourceIndex = sourceIndex
    }

    /// Joints a layout must have to be read: what the torso, the stance and the punches are seen by.
    public static let requiredJoints: [Joint] = [
        .leftShoulder, .rightShoulder, .leftElbow, .rightElbow, .leftWrist, .rightWrist, .leftHip, .rightHip,
    ]

    /// Names tried, in order, for a canonical joint the layout does not name.
    static let standIns: [Joint: [String]] = [
        .nose: ["head", "head_top"],
        .leftWrist: ["left_hand"], .rightWrist: ["right_hand"],
        .leftAnkle: ["left_foot"], .rightAnkle: ["right_foot"],
    ]

    /// The mapping from `layout` to canonical by the names of its joints, or nil when the layout lacks
    /// one of `requiredJoints`.
    public static func toCanonical(from layout: JointLayout) -> LayoutMapping? {
        let indices = Joint.allCases.map { source(of: $0, in: layout) }
        guard requiredJoints.allSatisfy({ indices[$0.rawValue] != nil }) else { return nil }
        return LayoutMapping(source: layout, sourceIndex: indices)
    }

    /// The required joints `layout` lacks, in the standard spelling.
    public static func missingRequiredJoints(of layout: JointLayout) -> [String] {
        requiredJoints.filter { source(of: $0, in: layout) == nil }.map(\.name)
    }

    /// The joint of `layout` that gives canonical `joint`: the one of its name, else the first stand-in.
    private static func source(of joint: Joint, in layout: JointLayout) -> Int? {
        ([joint.name] + (standIns[joint] ?? [])).lazy.compactMap(layout.index(ofStandard:)).first
    }
}

extension SkeletonSequence {
    /// This sequence in the canonical layout (a copy; world coordinates are carried along).
    /// Throws for a layout without the required joints.
    public func canonical() throws -> SkeletonSequence {
        if layout == .canonical { return self }
        guard let mapping = LayoutMapping.toCanonical(from: layout) else {
            throw SkeletonError.unreadableLayout(layout.name, missing: LayoutMapping.missingRequiredJoints(of: layout))
        }
        let n = JointLayout.canonical.count
        var out = SkeletonSequence(layout: .canonical, units: units, source: source, subject: subject,
                                   hasWorld: world != nil, reservingFrames: frameCount)
        var positions = [Vec3](repeating: .zero, count: n)
        var confidences = [Double](repeating: 0, count: n)
        var worldPoints = [Vec3](repeating: .zero, count: n)
        for f in 0..<frameCount {
            for (j, src) in mapping.sourceIndex.enumerated() {
                if let s = src {
                    positions[j] = position(frame: f, joint: s)
                    confidences[j] = confidence(frame: f, joint: s)
                    if world != nil { worldPoints[j] = worldPosition(frame: f, joint: s) }
                } else {
                    positions[j] = .zero
                    confidences[j] = 0
                    worldPoints[j] = .zero
                }
            }
            out.append(time: times[f], positions: positions, confidences: confidences,
                       world: world != nil ? worldPoints : nil)
        }
        out.fps = fps
        out.hasDepth = hasDepth
        out.extra = extra
        return out
    }
}
