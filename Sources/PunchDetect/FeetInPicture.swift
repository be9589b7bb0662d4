import PunchKit

/// How high each ankle is in the picture, above the mid-hip, in image torso lengths (negative: below it, as
/// when standing); nil unless both ankles, both hips and both shoulders are seen. What the kick rule
/// (`DetectorConfiguration.kickFootLift`) measures: a boxer punches with both feet on the floor, a kick
/// lifts one of them.
///
/// Heights against the hips and in torso lengths do not change when the boxer steps towards the camera or
/// the picture is scaled; a camera looking down, which shows the back foot of a stance higher than the front
/// one, is left to the rule, which reads each foot against its own floor (the lowest it stood for 0.2 s
/// before a run).
struct FeetInPicture {
    var left: Double
    var right: Double

    /// `point(j)` and `confidence(j)`: joint j (canonical layout) of one frame; image y grows downwards.
    init?(point: (Int) -> Vec3, confidence: (Int) -> Double) {
        let la = Joint.leftAnkle.rawValue, ra = Joint.rightAnkle.rawValue
        guard confidence(la) > BodyFrame.minConfidence, confidence(ra) > BodyFrame.minConfidence,
              let body = BodyInPicture(point: point, confidence: confidence), body.torso > 0 else { return nil }
        left = (body.hip.y - point(la).y) / body.torso
        right = (body.hip.y - point(ra).y) / body.torso
    }
}
