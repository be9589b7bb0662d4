#if canImport(Glibc)
import Glibc
#else
import Foundation
#endif
import PunchKit

/// Hook, lead or rear: the arm is raised to the side with the elbow bent (70–110°) and locked, and the
/// trunk's rotation swings the fist along a horizontal arc; the hips turn with it and the foot on the
/// punching side pivots. A small counter-turn (wind-up) comes first.
struct Hook: PunchMotion {
    var hand: PunchHand
    /// 0 → 1 as the arm goes from guard to the hook position, held through the swing, back to 0.
    var load: Keyframes
    /// Trunk rotation: 0 → −wind (counter-turn) → +sweep (through the target) → 0.
    var rotation: Keyframes
    var elbowAngle: Double
    /// How far the upper arm points forward of straight sideways, at the start and added during the swing.
    var armForward: Double
    var adduction: Double
    /// Elbow height: angle of the upper arm below horizontal.
    var elbowDrop: Double
    var hipShare: Double
    var pivotLift: Double
    var dip: Double
    var guardDrop: Double
    /// Seconds held at full extension beyond the punch's rhythm.
    var hold: Double = 0

    var kind: PunchKind { .hook }
    var start: Double { min(load.start, rotation.start) }
    var end: Double { max(load.end, rotation.end) }
    var guardLeave: Double { load.start }
    var guardReturn: Double { load.end }
    var impacts: [Double] { [rotation.times[rotation.values.firstIndex(of: rotation.values.max()!)!]] }

    /// Progress of the swing, 0 at the wind-up and 1 at the end of the sweep (for the shoulder's adduction).
    private func swing(_ r: Double) -> Double {
        let lo = rotation.values.min()!, hi = rotation.values.max()!
        return hi > lo ? clamp((r - lo) / (hi - lo), 0, 1) : 0
    }

    func body(at t: Double, _ c: inout BodyChannels) {
        let r = rotation.value(at: t)
        // A lead (left) hook turns the trunk to the right (negative yaw); a rear hook to the left.
        let yaw = -hand.sideSign * r
        c.hipYaw += yaw * hipShare
        c.torsoYaw += yaw * (1 - hipShare)
        let l = load.value(at: t)
        c.dip += dip * l
        c.shoulderRoll -= hand.sideSign * degrees(4) * l
        if hand == .lead { c.leadHeel += pivotLift * max(r, 0) / max(rotation.values.max()!, 1e-6) } else {
            c.rearHeel += pivotLift * max(r, 0) / max(rotation.values.max()!, 1e-6)
        }
    }

    func hands(at t: Double, subject: SubjectProfile, torso: TorsoState, _ goals: inout HandGoals) {
        let l = load.value(at: t)
        guard l > 0 else { return }
        let shoulder = torso.shoulder(hand)
        let out = torso.left * hand.sideSign, fwd = torso.chestForward, up = torso.up
        let a = armForward + adduction * swing(rotation.value(at: t))
        let upper = ((out * cos(a) + fwd * sin(a)) * cos(elbowDrop) - up * sin(elbowDrop)).normalized
        let elbow = shoulder + upper * subject.upperArm
        // Forearm horizontal, bent `elbowAngle` from the upper arm towards the front.
        let angle = Double.pi + a - elbowAngle
        let forearm = out * cos(angle) + fwd * sin(angle)
        let hook = HandGoal(wrist: elbow + forearm * subject.forearm, elbowHint: elbow)
        goals[hand] = .lerp(goals[hand], hook, l)
        var other = goals[hand.other]
        other.wrist = other.wrist + Vec3(0, guardDrop * l, 0)
        goals[hand.other] = other
    }
}
