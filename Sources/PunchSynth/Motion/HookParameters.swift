import PunchKit

/// The random part of a hook (angles in radians, distances in metres). Drawn in the order of the fields
/// below: the generated data depends on it.
struct HookParameters: Sendable {
    /// Bend of the locked elbow (70–110°).
    var elbowAngle: Double
    /// How far the upper arm points forward of straight sideways at the start, and what the swing adds.
    var armForward, adduction: Double
    /// Elbow height: angle of the upper arm below horizontal.
    var elbowDrop: Double
    /// The counter-turn before the swing, and the swing through the target; the hips' share of the turn,
    /// the rear heel's lift and the knees' dip that drive it.
    var wind, sweep: Double
    var hipShare, pivotLift, dip: Double
    /// Seconds the fist stays at the end of the swing (not scaled by the tempo).
    var stay: Double

    init(rng: inout SeededRandom) {
        elbowAngle = degrees(rng.uniform(70, 110))
        armForward = degrees(rng.uniform(15, 40))
        adduction = degrees(rng.uniform(10, 25))
        elbowDrop = degrees(rng.uniform(-5, 15))
        wind = degrees(rng.uniform(5, 15))
        sweep = degrees(rng.uniform(40, 65))
        hipShare = rng.uniform(0.5, 0.75)
        pivotLift = rng.uniform(0.02, 0.06)
        dip = rng.uniform(0, 0.04)
        stay = rng.uniform(0.01, 0.05)
    }
}
