/// How the joints of one layout become the canonical (COCO-17) joints.
///
/// A canonical joint either copies one source joint or is missing (confidence 0). Approximations are
/// documented per layout: SMPL and Kinect have a head centre but no nose, eyes or ears; the head centre
/// stands in for the nose (a few centimetres behind it), which the classifier never reads.
public struct LayoutMapping: Sendable {
    public let source: JointLayout
    /// For each canonical joint, the index of its source joint, or nil when the source lacks it.
    public let sourceIndex: [Int?]

    public init(source: JointLayout, sourceIndex: [Int?]) {
        precondition(sourceIndex.count == JointLayout.canonical.count)
        self.source = source
        self.sourceIndex = sourceIndex
    }

    /// The mapping from `layout` to canonical, for every known layout.
    public static func toCanonical(from layout: JointLayout) -> LayoutMapping? {
        let names: [String?]
        switch layout.name {
        case JointLayout.coco17.name:
            names = JointLayout.coco17.joints
        case JointLayout.blazepose33.name:
            names = JointLayout.coco17.joints  // BlazePose uses the COCO names for these 17
        case JointLayout.smpl22.name:
            names = ["head", nil, nil, nil, nil,
                     "left_shoulder", "right_shoulder", "left_elbow", "right_elbow", "left_wrist", "right_wrist",
                     "left_hip", "right_hip", "left_knee", "right_knee", "left_ankle", "right_ankle"]
        case JointLayout.kinect20.name:
            names = ["head", nil, nil, nil, nil,
                     "shoulder_left", "shoulder_right", "elbow_left", "elbow_right", "wrist_left", "wrist_right",
                     "hip_left", "hip_right", "knee_left", "knee_right", "ankle_left", "ankle_right"]
        default:
            return nil
        }
        return LayoutMapping(source: layout, sourceIndex: names.map { $0.flatMap(layout.index(of:)) })
    }
}

extension SkeletonSequence {
    /// This sequence in the canonical layout (a copy; world coordinates are carried along).
    /// Throws for a layout without a known mapping.
    public func canonical() throws -> SkeletonSequence {
        if layout == .canonical { return self }
        guard let mapping = LayoutMapping.toCanonical(from: layout) else {
            throw SkeletonError.unknownLayout(layout.name)
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
