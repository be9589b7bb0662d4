import CVBridge
import PunchKit

/// What a pose model saw in one frame.
public struct PoseObservation {
    public var time: Double
    /// True when a person was followed in this frame.
    public var found: Bool
    /// Pose presence (0…1); 0 when nobody was found.
    public var presence: Double
    /// The followed person: the id changes only after the track was lost.
    public var trackID: Int
    /// True when the person detector ran (first frame, or the track was lost).
    public var detectorRan: Bool
    /// People the detector saw when it ran.
    public var peopleDetected: Int
    public var detectMilliseconds: Double
    public var landmarkMilliseconds: Double
    /// The joints in the extractor's layout: x, y in image pixels, z the model's image depth in the
    /// same pixel scale, confidence = visibility, world coordinates in metres (hip-centred, camera-aligned).
    /// Every confidence is 0 when nobody was found.
    public var skeleton: SkeletonFrame
    var raw: cvb_pose_result
}

/// Turns pictures into skeletons: BlazePose through OpenCV (`BlazePoseExtractor`). Sources of skeletons
/// that need no pictures (a skeleton CSV replay, the synthetic boxer) are `PoseSource`s directly.
public protocol PoseExtractor: AnyObject {
    /// The joints of the skeletons it gives (`JointLayout.blazepose33` for BlazePose).
    var layout: JointLayout { get }
    /// Forgets the followed person and the smoothing (a new video or image).
    func reset()
    /// The pose in `frame`, following the person of the previous frames.
    func extract(_ frame: VideoFrame) throws -> PoseObservation
}

extension SkeletonFrame {
    /// This frame in the canonical (COCO-17) layout through `mapping` (nil: the frame is canonical already);
    /// world coordinates are carried along.
    public func canonical(through mapping: LayoutMapping?) -> SkeletonFrame {
        guard let mapping else { return self }
        var out = SkeletonFrame.empty(time: time, jointCount: JointLayout.canonical.count, withWorld: world != nil)
        for (j, source) in mapping.sourceIndex.enumerated() {
            guard let s = source else { continue }
            out.positions[j] = positions[s]
            out.confidences[j] = confidences[s]
            if let world { out.world![j] = world[s] }
        }
        return out
    }
}
