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
    /// Where the fist goes and what the body adds (`StraightPunchParameters` says what each value is).
    var shape: StraightPunchParameters
    var guardDrop: Double
    /// How long the lead foot takes to come back after a step with the punch.
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
        c.hipYaw -= side * shape.turn * shape.hipShare * b
        c.torsoYaw -= side * shape.turn * (1 - shape.hipShare) * b
        c.shoulderRoll += side * shape.roll * e
        c.lean += shape.lean * b
        c.pelvisShift.z += shape.weightShift * b
        c.sideLean -= side * shape.headSlip * b
        if hand == .rear {
            c.rearHeel += shape.pivotLift * b
            c.rearFoot += Vec3(0.03, 0, 0.02) * b
        } else {
            c.leadHeel += shape.pivotLift * b
        }
        if shape.step > 0 {
            // The lead foot slides forward with the extension; both feet come back during the recovery.
            let s = Keyframes([(extent.start, 0), (extent.times[1], 1), (extent.end, 1),
                               (extent.end + stepRecovery, 0)]).value(at: t)
            c.leadFoot.z += shape.step * s
            c.pelvisShift.z += 0.4 * shape.step * s
        }
    }

    func hands(at t: Double, subject: SubjectProfile, torso: TorsoState, _ goals: inout HandGoals) {
        let e = extent.value(at: t)
        guard e > 0 || bodyDrive.value(at: t) > 0 else { return }
        let shoulder = torso.shoulder(hand)
        let target = Vec3(shape.targetX, torso.chin.y + shape.targetDown, shoulder.z + subject.arm)
        let dir = (target - shoulder).normalized
        let out = torso.aimLeft * hand.sideSign
        let full = HandGoal(
            wrist: shoulder + dir * (subject.arm * shape.reach),
            elbowHint: shoulder + dir * (subject.upperArm * 0.7) + out * 0.12 + Vec3(0, 0.12, 0))
        goals[hand] = .lerp(goals[hand], full, e)
        // The other hand guards the chin; some boxers let it drop.
        let b = bodyDrive.value(at: t)
        var other = goals[hand.other]
        other.wrist = other.wrist + Vec3(0, guardDrop * b, -0.03 * b) + out * (0.03 * b)
        goals[hand.other] = other
    }
}
