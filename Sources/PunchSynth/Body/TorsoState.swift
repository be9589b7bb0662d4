import PunchKit

/// The trunk and head of one instant, placed before the arms: what motions aim the hands from.
/// Fight-frame coordinates (x left, y down, z forward), metres.
struct TorsoState: Sendable {
    var pelvis: Vec3
    var leftHip: Vec3
    var rightHip: Vec3
    var midShoulder: Vec3
    var leftShoulder: Vec3
    var rightShoulder: Vec3
    /// Unit vectors of the chest: up the spine, the chest's left, the way the chest faces.
    var up: Vec3
    var left: Vec3
    var chestForward: Vec3
    /// Towards the opponent, horizontal (the hands aim here, not where the bladed chest faces).
    var aim: Vec3
    /// Horizontal unit vector to the left of `aim`.
    var aimLeft: Vec3
    var headCentre: Vec3
    var headForward: Vec3
    var headLeft: Vec3
    var headDown: Vec3
    /// A point just below and in front of the chin (where a guard protects).
    var chin: Vec3

    func shoulder(_ hand: PunchHand) -> Vec3 { hand == .lead ? leftShoulder : rightShoulder }

    /// Fight-frame point from offsets along (aim-left, down, aim) from `origin`.
    @inline(__always) func offset(_ origin: Vec3, left l: Double, down d: Double, forward f: Double) -> Vec3 {
        origin + aimLeft * l + Vec3(0, d, 0) + aim * f
    }
}
