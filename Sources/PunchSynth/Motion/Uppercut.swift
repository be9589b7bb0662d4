#if canImport(Glibc)
import Glibc
#else
import Foundation
#endif
import PunchKit

/// Uppercut, lead or rear: a dip (knees bend, trunk leans and turns towards the punching side, the fist
/// drops to the chest), then the drive — knees extend, hips turn the other way — lifts the fist along an
/// upward arc to chin height in front, elbow bent; then back to guard.
struct Uppercut: PunchMotion {
    var hand: PunchHand
    /// Times: start, end of the dip, top of the drive, end of the hold, back in guard.
    var times: [Double]
    var dipDepth: Double
    var sideLean: Double
    var loadTurn: Double
    var driveTurn: Double
    var low: (down: Double, forward: Double, across: Double)
    var high: (aboveChin: Double, forward: Double, across: Double)
    var guardDrop: Double
    /// Seconds held at full extension beyond the punch's rhythm.
    var hold: Double = 0

    var kind: PunchKind { .uppercut }
    var start: Double { times[0] }
    var end: Double { times[4] }
    var guardLeave: Double { times[0] }
    var guardReturn: Double { times[4] }
    var impacts: [Double] { [times[2]] }

    /// Dip: 0 → 1 in the load, → −0.3 (up on the toes) at the top, → 0 when back.
    private var dipCurve: Keyframes { Keyframes([(times[0], 0), (times[1], 1), (times[2], -0.3), (times[4], 0)]) }
    /// Turn: 0 → −load (towards the punching side) → +drive → 0.
    private var turnCurve: Keyframes {
        Keyframes([(times[0], 0), (times[1], -loadTurn), (times[2], driveTurn), (times[3], driveTurn * 0.8), (times[4], 0)])
    }

    func body(at t: Double, _ c: inout BodyChannels) {
        let d = dipCurve.value(at: t), r = turnCurve.value(at: t)
        c.dip += dipDepth * d
        c.lean += degrees(8) * max(d, 0)
        // Lean towards the punching side while loading (a rear uppercut of an orthodox boxer: to the right).
        c.sideLean += hand.sideSign * sideLean * d
        // Drive turn: a rear (right) uppercut turns the body left; a lead uppercut turns it right.
        let yaw = -hand.sideSign * r
        c.hipYaw += yaw * 0.6
        c.torsoYaw += yaw * 0.4
        if hand == .rear { c.rearHeel += 0.04 * max(r, 0) / max(driveTurn, 1e-6) } else {
            c.leadHeel += 0.02 * max(r, 0) / max(driveTurn, 1e-6)
        }
    }

    func hands(at t: Double, subject: SubjectProfile, torso: TorsoState, _ goals: inout HandGoals) {
        guard t > times[0], t < times[4] else { return }
        let shoulder = torso.shoulder(hand)
        let side = hand.sideSign
        let lowPoint = HandGoal(
            wrist: torso.offset(shoulder, left: -side * low.across, down: low.down, forward: low.forward),
            elbowHint: torso.offset(shoulder, left: side * 0.08, down: 0.30, forward: -0.10))
        let highPoint = HandGoal(
            wrist: Vec3(shoulder.x - side * high.across, torso.chin.y - high.aboveChin,
                        shoulder.z + high.forward),
            elbowHint: torso.offset(shoulder, left: side * 0.06, down: 0.28, forward: 0.18))
        let guardGoal = goals[hand]
        var goal: HandGoal
        if t < times[1] {
            goal = .lerp(guardGoal, lowPoint, minimumJerk((t - times[0]) / (times[1] - times[0])))
        } else if t < times[2] {
            // Upward arc: forward first, then up (a quadratic Bézier through a point under the target).
            let u = minimumJerk((t - times[1]) / (times[2] - times[1]))
            let control = Vec3(highPoint.wrist.x, lowPoint.wrist.y - 0.02, highPoint.wrist.z - 0.02)
            let a = Vec3.lerp(lowPoint.wrist, control, u), b = Vec3.lerp(control, highPoint.wrist, u)
            goal = HandGoal(wrist: .lerp(a, b, u), elbowHint: .lerp(lowPoint.elbowHint, highPoint.elbowHint, u))
        } else if t < times[3] {
            goal = highPoint
        } else {
            goal = .lerp(highPoint, guardGoal, minimumJerk((t - times[3]) / (times[4] - times[3])))
        }
        goals[hand] = goal
        let g = Keyframes([(times[0], 0), (times[1], 1), (times[3], 1), (times[4], 0)]).value(at: t)
        var other = goals[hand.other]
        other.wrist = other.wrist + Vec3(0, guardDrop * g, 0)
        goals[hand.other] = other
    }
}
