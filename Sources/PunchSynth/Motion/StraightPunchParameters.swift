import PunchKit

/// The random part of a jab, double jab or cross: where the fist goes and what the body adds (angles in
/// radians, distances in metres). Drawn in the order of the fields below: the generated data depends on it.
struct StraightPunchParameters: Sendable {
    /// Height of the target below the boxer's own chin: mostly the head (the opponent's chin is level with
    /// one's own), one punch in six to the body.
    var targetDown: Double
    /// Sideways position of the target in the fight frame (0 = the centre line).
    var targetX: Double
    /// A small step of the lead foot with a jab or double jab (metres forward; 0 for most, and for every cross).
    var step: Double
    /// Double jab: how far the first jab comes back (fraction of extension) and the pause before the second.
    var partial = 0.0
    var between = 0.0
    /// Shoulder turn towards the target, of which `hipShare` comes from the hips.
    var turn: Double
    var hipShare: Double
    var roll: Double
    var lean: Double
    var weightShift: Double
    /// Heel lift of the rear foot's pivot (crosses only).
    var pivotLift: Double
    var headSlip: Double
    /// Fraction of arm length reached at full extension.
    var reach: Double
    /// Seconds the body leads the hand (hips before hands).
    var lead: Double

    init(_ kind: PunchKind, subject s: SubjectProfile, rng: inout SeededRandom) {
        let cross = kind == .cross
        targetDown = rng.chance(0.16) ? rng.uniform(0.25, 0.4) : rng.uniform(-0.08, 0.1)
        targetX = (cross ? -0.02 : 0.03) + rng.uniform(-0.06, 0.06)
        step = !cross && rng.chance(s.stepWithPunch) ? rng.uniform(0.05, 0.15) : 0
        if kind == .doubleJab {
            partial = rng.uniform(0.25, 0.6)
            between = rng.uniform(0, 0.04)
        }
        turn = cross ? degrees(rng.uniform(30, 60)) : degrees(rng.uniform(8, 20))
        hipShare = cross ? rng.uniform(0.55, 0.8) : rng.uniform(0.2, 0.4)
        roll = degrees(rng.uniform(4, 12))
        lean = cross ? degrees(rng.uniform(3, 10)) : degrees(rng.uniform(0, 5))
        weightShift = cross ? rng.uniform(0.03, 0.09) : rng.uniform(0, 0.04)
        pivotLift = cross ? rng.uniform(0.03, 0.07) : 0
        headSlip = degrees(rng.uniform(0, 6)) * s.headMovement
        reach = clamp(s.armExtension + rng.uniform(-0.03, 0.02), 0.86, 0.995)
        lead = cross ? rng.uniform(0.03, 0.06) : rng.uniform(0, 0.02)
    }
}
