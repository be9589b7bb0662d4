#if canImport(Glibc)
import Glibc
#else
import Foundation
#endif
import PunchKit

/// Jab, double jab and cross: the hand travels in a straight line from the guard to a target in front
/// of the head and back, with the body's contribution — a shoulder roll and a small turn for the jab;
/// hip and trunk rotation (30–60° at the shoulders), a rear-foot pivot and a weight shift for the cross.
struct StraightPunch: PunchMotion {
    var kind: PunchKind
    var hand: PunchHand
    /// Fraction of the way from guard to full extension; its keys are the punch's timeline.
    var extent: Keyframes
    /// The body's share: the same timeline led slightly earlier (hips before hands).
    var bodyDrive: Keyframes
    /// Where the fist goes: x in the fight frame (0 = the centre line, where the opponent's head is) and
    /// height relative to the boxer's own chin (positive = lower, e.g. a jab to the body).
    var targetX: Double
    var targetDown: Double
    /// Fraction of arm length reached at full extent.
    var reach: Double
    /// Shoulder turn towards the target, of which `hipShare` comes from the hips.
    var turn: Double
    var hipShare: Double
    var roll: Double
    var lean: Double
    var weightShift: Double
    var pivotLift: Double
    var headSlip: Double
    var guardDrop: Double
    /// A small step of the lead foot with the punch (metres forward), recovered after.
    var step: Double
    var stepRecovery: Double
    /// Seconds held at full extension beyond the punch's rhythm.
    var hold: Double = 0

    var start: Double { min(extent.start, bodyDrive.start) }
    var end: Double { max(extent.end, bodyDrive.end) + stepRecovery }
    var guardLeave: Double { extent.start }
    var guardReturn: Double { extent.end }
    var impacts: [Double] {
        var out: [Double] = []
        for i in extent.values.indices where extent.values[i] == 1 && (i == 0 || extent.values[i - 1] != 1) {
            out.append(extent.times[i])
        }
        return out
    }

    func body(at t: Double, _ c: inout BodyChannels) {
        let e = extent.value(at: t), b = bodyDrive.value(at: t)
        let side = hand.sideSign
        // Jab (lead = left): turn right to bring the left shoulder forward, left shoulder up.
        // Cross (rear = right): hips and shoulders turn left, right shoulder up.
        c.hipYaw -= side * turn * hipShare * b
        c.torsoYaw -= side * turn * (1 - hipShare) * b
        c.shoulderRoll += side * roll * e
        c.lean += lean * b
        c.pelvisShift.z += weightShift * b
        c.sideLean -= side * headSlip * b
        if hand == .rear {
            c.rearHeel += pivotLift * b
            c.rearFoot += Vec3(0.03, 0, 0.02) * b
        } else {
            c.leadHeel += pivotLift * b
        }
        if step > 0 {
            // The lead foot slides forward with the extension; both feet come back during the recovery.
            let s = Keyframes([(extent.start, 0), (extent.times[1], 1), (extent.end, 1),
                               (extent.end + stepRecovery, 0)]).value(at: t)
            c.leadFoot.z += step * s
            c.pelvisShift.z += 0.4 * step * s
        }
    }

    func hands(at t: Double, subject: SubjectProfile, torso: TorsoState, _ goals: inout HandGoals) {
        let e = extent.value(at: t)
        guard e > 0 || bodyDrive.value(at: t) > 0 else { return }
        let shoulder = torso.shoulder(hand)
        let target = Vec3(targetX, torso.chin.y + targetDown, shoulder.z + subject.arm)
        let dir = (target - shoulder).normalized
        let out = torso.aimLeft * hand.sideSign
        let full = HandGoal(
            wrist: shoulder + dir * (subject.arm * reach),
            elbowHint: shoulder + dir * (subject.upperArm * 0.7) + out * 0.12 + Vec3(0, 0.12, 0))
        goals[hand] = .lerp(goals[hand], full, e)
        // The other hand guards the chin; some boxers let it drop.
        let b = bodyDrive.value(at: t)
        var other = goals[hand.other]
        other.wrist = other.wrist + Vec3(0, guardDrop * b, -0.03 * b) + out * (0.03 * b)
        goals[hand.other] = other
    }
}
