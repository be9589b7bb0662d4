#if canImport(Glibc)
import Glibc
#else
import Foundation
#endif
import PunchKit

/// The subject's resting postures: the guard and relaxed standing. Motions are offsets from these.
struct Posture: Sendable {
    var leadAnkle: Vec3
    var rearAnkle: Vec3
    var pelvis: Vec3
    var hipYaw: Double
    var torsoYaw: Double
    var lean: Double
    var headPitch: Double
    /// Hip height as a fraction of the straight-leg height (knee bend).
    var crouch: Double

    static func guardPosture(_ s: SubjectProfile) -> Posture {
        // Orthodox: the left foot leads and sits a little left of centre; hips and shoulders turn right
        // (negative yaw) by the blade angle; weight slightly on the rear foot.
        Posture(
            leadAnkle: Vec3(s.footWidth / 2, -s.ankleHeight, s.stanceLength / 2),
            rearAnkle: Vec3(-s.footWidth / 2, -s.ankleHeight, -s.stanceLength / 2),
            pelvis: Vec3(0, 0, -0.04 * s.stanceLength),
            hipYaw: -s.bladeAngle, torsoYaw: -0.15 * s.bladeAngle, lean: s.trunkLean,
            headPitch: s.chinTuck, crouch: s.crouch)
    }

    static func relaxedPosture(_ s: SubjectProfile) -> Posture {
        let w = s.hipWidth * 0.55
        return Posture(
            leadAnkle: Vec3(w, -s.ankleHeight, 0.04), rearAnkle: Vec3(-w, -s.ankleHeight, -0.02),
            pelvis: Vec3(0, 0, 0.01), hipYaw: -0.2 * s.bladeAngle, torsoYaw: 0, lean: 0.02,
            headPitch: 0.05, crouch: 0.985)
    }

    static func blend(_ a: Posture, _ b: Posture, _ u: Double) -> Posture {
        func l(_ x: Double, _ y: Double) -> Double { x + (y - x) * u }
        return Posture(
            leadAnkle: .lerp(a.leadAnkle, b.leadAnkle, u), rearAnkle: .lerp(a.rearAnkle, b.rearAnkle, u),
            pelvis: .lerp(a.pelvis, b.pelvis, u), hipYaw: l(a.hipYaw, b.hipYaw), torsoYaw: l(a.torsoYaw, b.torsoYaw),
            lean: l(a.lean, b.lean), headPitch: l(a.headPitch, b.headPitch), crouch: l(a.crouch, b.crouch))
    }
}

extension SubjectProfile {
    /// Hand goals of the guard: lead hand in front of the chin, rear hand by the rear cheek, elbows in.
    func guardGoals(_ torso: TorsoState) -> HandGoals {
        let lead = torso.offset(torso.chin, left: 0.05, down: 0.06 + guardHeight, forward: guardReach)
        let rear = torso.offset(torso.chin, left: -0.10, down: 0.05 + guardHeight * 0.5, forward: 0.07)
        let leadElbow = torso.offset(torso.leftShoulder, left: 0.02, down: 0.30, forward: 0.12)
        let rearElbow = torso.offset(torso.rightShoulder, left: -0.01, down: 0.30, forward: 0.06)
        return HandGoals(lead: HandGoal(wrist: lead, elbowHint: leadElbow),
                         rear: HandGoal(wrist: rear, elbowHint: rearElbow))
    }

    /// Hand goals of relaxed standing: arms hanging by the thighs.
    func relaxedGoals(_ torso: TorsoState) -> HandGoals {
        func hang(_ shoulder: Vec3, _ side: Double) -> HandGoal {
            let w = shoulder + torso.left * (0.05 * side) + torso.chestForward * 0.03 - torso.up * (arm * 0.98)
            return HandGoal(wrist: w, elbowHint: shoulder - torso.up * 0.3 - torso.chestForward * 0.1 + torso.left * (0.05 * side))
        }
        return HandGoals(lead: hang(torso.leftShoulder, 1), rear: hang(torso.rightShoulder, -1))
    }
}
