/// Where people put the camera that films them boxing, as ranges a random camera is drawn from: the synthetic
/// boxer's cameras (PunchSynth's `CameraRig.random`) and the virtual cameras that film a depth sensor's skeleton
/// again in training (PunchModel's `VirtualView`) draw from these same ranges.
///
/// Most people face their screen: yaw within ±20° for 45 % of the cameras (a laptop or a phone propped in front);
/// the rest anywhere within ±100° (side views: a phone on a shelf, a training partner filming, a fight camera).
/// Pitch −20…30° (a laptop on a low table looks up, a phone on a shelf looks down), 1.5–4 m away.
public enum CameraPlacement {
    /// The share of cameras within ±`facingYaw` of the boxer's front, and of the rest. Both spelt out, not one
    /// as 1 − the other: the draws compare against these exact values.
    public static let facingShare = 0.45, sideViewShare = 0.55
    /// Degrees of yaw: the facing cameras' range (±), and the side views' (±).
    public static let facingYaw = 20.0, sideYaw = 100.0
    /// Downward tilt, degrees (negative looks up).
    public static let pitchDegrees = -20.0...30.0
    /// Horizontal distance to the boxer, metres.
    public static let distance = 1.5...4.0

    /// A random camera's yaw, degrees: within ±`facingYaw` for `facingShare` of the cameras, else within ±`sideYaw`;
    /// `behind` (0…`sideViewShare`) of them are taken from the side views to film the boxer from behind, |yaw|
    /// 100–180° (`SynthSpec.camerasBehind`, an experiment). With `behind` 0 no draw is spent on it, so the stream of
    /// draws is the one of before that option.
    public static func yawDegrees(_ rng: inout SeededRandom, behind: Double = 0) -> Double {
        if rng.chance(facingShare) { return rng.uniform(-facingYaw, facingYaw) }
        if behind > 0, rng.chance(min(1, behind / sideViewShare)) {
            let away = rng.uniform(sideYaw, 180)
            return rng.chance(0.5) ? away : -away
        }
        return rng.uniform(-sideYaw, sideYaw)
    }
}
