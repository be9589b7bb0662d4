import PunchKit

/// Where a body is in the picture and how big: mid-hip and the torso length (mid-hip → mid-shoulder),
/// z dropped; nil unless both hips and both shoulders are seen. What the detector's rules about moving
/// bodies measure in (the walking gate's hip speed, the tracker's jump to another person).
struct BodyInPicture {
    var hip: Vec3
    var torso: Double

    /// `point(j)` and `confidence(j)`: joint j (canonical layout) of one frame.
    init?(point: (Int) -> Vec3, confidence: (Int) -> Double) {
        let lh = Joint.leftHip.rawValue, rh = Joint.rightHip.rawValue
        let ls = Joint.leftShoulder.rawValue, rs = Joint.rightShoulder.rawValue
        guard [lh, rh, ls, rs].allSatisfy({ confidence($0) > BodyFrame.minConfidence }) else { return nil }
        func flat(_ p: Vec3) -> Vec3 { Vec3(p.x, p.y, 0) }
        hip = flat((point(lh) + point(rh)) * 0.5)
        torso = (flat((point(ls) + point(rs)) * 0.5) - hip).length
    }
}
