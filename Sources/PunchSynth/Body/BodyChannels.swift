import PunchKit

/// What motions add to the boxer's posture at one instant. Every field is an offset from the subject's
/// own guard (or relaxed) posture; motions add to them, so that a slip, a bounce and a jab combine.
/// Angles in radians, lengths in metres, in the fight frame (x left, y down, z forward).
struct BodyChannels: Sendable {
    /// 0 = in guard, 1 = relaxed standing (idle); blends the whole base posture.
    var relax = 0.0
    /// Pelvis offset (before the knee dip); y is added to the hip height (positive = lower).
    var pelvisShift = Vec3.zero
    /// Knee dip: lowers the pelvis (positive = lower).
    var dip = 0.0
    /// Turn of the hips to the left; of the shoulders over the hips; trunk lean forward and to the left.
    var hipYaw = 0.0
    var torsoYaw = 0.0
    var lean = 0.0
    var sideLean = 0.0
    /// Left shoulder up (positive) or down.
    var shoulderRoll = 0.0
    /// Head turn to the left, pitch down, roll (left ear up).
    var headYaw = 0.0
    var headPitch = 0.0
    var headRoll = 0.0
    /// Ankle offsets of the lead (left) and rear (right) foot; heel lift raises the ankle.
    var leadFoot = Vec3.zero
    var rearFoot = Vec3.zero
    var leadHeel = 0.0
    var rearHeel = 0.0
    /// Turn of the whole body (and its feet) to the left about the stance centre, then a translation
    /// (walking): applied after the body is built.
    var facing = 0.0
    var travel = Vec3.zero
}

/// Where a hand should be: a wrist target and a point the elbow bends towards.
struct HandGoal: Sendable {
    var wrist: Vec3
    var elbowHint: Vec3

    static func lerp(_ a: HandGoal, _ b: HandGoal, _ u: Double) -> HandGoal {
        HandGoal(wrist: .lerp(a.wrist, b.wrist, u), elbowHint: .lerp(a.elbowHint, b.elbowHint, u))
    }
}

struct HandGoals: Sendable {
    /// Lead (left, orthodox) and rear (right) hand.
    var lead: HandGoal
    var rear: HandGoal

    subscript(hand: PunchHand) -> HandGoal {
        get { hand == .lead ? lead : rear }
        set { if hand == .lead { lead = newValue } else { rear = newValue } }
    }
}

/// Which hand throws, relative to the stance (motions are written for an orthodox boxer: lead = left).
enum PunchHand: Sendable, Equatable {
    case lead, rear

    var other: PunchHand { self == .lead ? .rear : .lead }
    /// +1 for the lead (left) side, −1 for the rear side: multiplies x offsets and turns.
    var sideSign: Double { self == .lead ? 1 : -1 }
}
