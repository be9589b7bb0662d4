#if canImport(Glibc)
import Glibc
#else
import Foundation
#endif
import PunchKit

/// Dropping or raising the guard: blends the whole posture between guard and relaxed standing.
struct PostureChange: Motion {
    var start: Double
    var end: Double
    /// Relax level before and after (0 = guard, 1 = relaxed).
    var from: Double
    var to: Double
    var persists: Bool { true }

    func body(at t: Double, _ c: inout BodyChannels) {
        let u = minimumJerk((t - start) / (end - start))
        c.relax += (to - from) * u
    }
}

/// Walking a few steps: the pelvis travels, the feet alternate (planted while the body passes over
/// them), the arms swing against the legs; the body turns to the walking direction and back.
struct Walk: Motion {
    var start: Double
    var end: Double
    /// Direction in the fight frame (radians to the left of forward) and speed (m/s).
    var heading: Double
    var speed: Double
    var cadence: Double
    var armSwing: Double
    var persists: Bool { true }

    var displacement: Vec3 { forwardVector(yaw: heading) * (speed * fullSpeedTime) }
    /// The walk's length in seconds at full speed: its duration less the ramps up and down.
    var fullSpeedTime: Double { walkingTime(end) }

    /// Time spent at full speed up to `t` (speed ramps up and down over 0.4 s).
    private func walkingTime(_ t: Double) -> Double {
        let ramp = min(0.4, (end - start) / 3)
        let u = clamp(t - start, 0, end - start)
        let d = end - start
        // Integral of a trapezoid speed profile.
        if u < ramp { return u * u / (2 * ramp) }
        if u > d - ramp { return (d - ramp) - (d - u) * (d - u) / (2 * ramp) }
        return u - ramp / 2
    }

    private func speedFactor(_ t: Double) -> Double {
        let ramp = min(0.4, (end - start) / 3)
        return clamp(min(t - start, end - t) / ramp, 0, 1)
    }

    func body(at t: Double, _ c: inout BodyChannels) {
        c.travel += forwardVector(yaw: heading) * (speed * walkingTime(t))
        guard t > start, t < end else { return }
        let k = speedFactor(t)
        let turnIn = envelope(t, start, end, rise: 0.2, fall: 0.2)
        c.facing += heading * turnIn
        // Gait: each foot slides back under the moving body while planted and swings forward lifted.
        let phase = (t - start) * cadence / 2
        let stride = speed / cadence * k
        for (i, sign) in [(0, 1.0), (1, -1.0)] {
            let p = (phase + Double(i) * 0.5).truncatingRemainder(dividingBy: 1)
            let z: Double, lift: Double
            if p < 0.6 {  // stance: from +stride/2 to −stride/2
                z = stride * (0.5 - p / 0.6)
                lift = 0
            } else {
                let u = (p - 0.6) / 0.4
                z = stride * (-0.5 + minimumJerk(u))
                lift = 0.06 * sin(.pi * u) * k
            }
            let offset = Vec3(0, -lift, z)
            if sign > 0 { c.leadFoot += offset } else { c.rearFoot += offset }
        }
        c.pelvisShift.y -= 0.015 * k * abs(cos(2 * .pi * phase))
        c.hipYaw += degrees(5) * k * sin(2 * .pi * phase)
        c.torsoYaw -= degrees(8) * k * sin(2 * .pi * phase)
    }

    func hands(at t: Double, subject: SubjectProfile, torso: TorsoState, _ goals: inout HandGoals) {
        guard t > start, t < end else { return }
        let k = speedFactor(t)
        let phase = (t - start) * cadence / 2
        let swing = armSwing * k * sin(2 * .pi * phase)
        goals.lead.wrist = goals.lead.wrist - torso.chestForward * swing + Vec3(0, -abs(swing) * 0.3, 0)
        goals.rear.wrist = goals.rear.wrist + torso.chestForward * swing + Vec3(0, -abs(swing) * 0.3, 0)
    }
}

/// Idle movements of the arms and trunk, relaxed: the hard negatives (fast arm motion that is no punch).
struct IdleGesture: Motion {
    enum Kind: Sendable, CaseIterable {
        case armsOverhead, crossBodyStretch, sideBend, trunkTwist, neckRoll
        case armCircles, crossSwings, shakeOut
        case touchFace, touchHair, wipeBrow
        case handsOnHips, handsOnKnees, armsCrossed, lookAround
        /// Kicks (`hand` names the leg): a martial artist's kick is no punch, though the arms fly up for
        /// balance (PRECOG's front and side kicks are its hard negatives).
        case frontKick, sideKick
        /// A martial artist's arm strikes, no punch either (PRECOG's back fists and elbow strikes, drawn only
        /// where a spec asks for them, `SynthSpec.armStrikes`): a back fist chambers the fist at the other
        /// shoulder, the elbow up in front, and snaps the back of the fist out to the side at head height; an
        /// elbow strike folds the arm tight, the fist at its own shoulder, and swings the elbow forward and
        /// across with the trunk's turn.
        case backFist, elbowStrike
    }

    var start: Double
    var end: Double
    var kind: Kind
    /// Which hand (or which side) leads the gesture.
    var hand: PunchHand
    /// Repetition rate (Hz) of rhythmic gestures and their size (0.5…1).
    var rate: Double
    var size: Double
    var phase: Double

    private func e(_ t: Double) -> Double {
        let d = end - start
        let ramp = min(0.45, 0.3 * d) / d
        return envelope(t, start, end, rise: ramp, fall: ramp)
    }

    private func cycle(_ t: Double) -> Double { 2 * .pi * rate * (t - start) + phase }

    func body(at t: Double, _ c: inout BodyChannels) {
        let w = e(t)
        guard w > 0 else { return }
        let side = hand.sideSign
        switch kind {
        case .sideBend: c.sideLean -= side * degrees(22) * size * w
        case .trunkTwist: c.torsoYaw += degrees(45) * size * sin(cycle(t)) * w
        case .neckRoll:
            c.headPitch += degrees(25) * size * sin(cycle(t)) * w
            c.headRoll += degrees(20) * size * cos(cycle(t)) * w
        case .handsOnKnees:
            c.lean += degrees(45) * w
            c.dip += 0.15 * w
        case .lookAround: c.headYaw += degrees(50) * size * sin(cycle(t)) * w
        case .armsOverhead: c.lean -= degrees(5) * w
        case .touchHair, .touchFace, .wipeBrow: c.headPitch += degrees(8) * w
        case .frontKick, .sideKick:
            // The foot goes out and back once (about 0.7 m, knee first), the trunk leans away from it.
            let u = (t - start) / (end - start)
            let k = pow(sin(.pi * min(max(u, 0), 1)), 2) * size
            let out = kind == .frontKick ? Vec3(0, -0.55, 0.75) : Vec3(side * 0.75, -0.6, 0.15)
            if hand == .lead { c.leadFoot += out * k } else { c.rearFoot += out * k }
            if kind == .frontKick { c.lean -= degrees(15) * k } else { c.sideLean += side * degrees(30) * k }
        case .backFist, .elbowStrike:
            // The striking shoulder turns forward, as in a punch (`StraightPunch`): a little for the back
            // fist's snap, most of the swing for the elbow.
            let turn = kind == .backFist ? degrees(20) : degrees(35)
            c.torsoYaw -= side * turn * strike(t) * size
        default: break
        }
    }

    func hands(at t: Double, subject: SubjectProfile, torso: TorsoState, _ goals: inout HandGoals) {
        let w = e(t)
        guard w > 0 else { return }
        let s = subject
        let up = torso.up, fwd = torso.chestForward, left = torso.left
        func shoulder(_ h: PunchHand) -> Vec3 { torso.shoulder(h) }
        func set(_ h: PunchHand, _ wrist: Vec3, _ hint: Vec3) {
            goals[h] = .lerp(goals[h], HandGoal(wrist: wrist, elbowHint: hint), w)
        }
        let c = cycle(t)
        switch kind {
        case .armsOverhead:
            for h in [PunchHand.lead, .rear] {
                let sh = shoulder(h)
                set(h, sh + up * (s.arm * 0.95) + left * (h.sideSign * 0.08), sh + left * (h.sideSign * 0.3))
            }
        case .crossBodyStretch:
            // One arm straight across the chest, the other hand pulling at its elbow.
            let sh = shoulder(hand)
            let wrist = sh + fwd * 0.25 - left * (hand.sideSign * s.arm * 0.85)
            set(hand, wrist, sh + fwd * 0.3 - left * (hand.sideSign * 0.1) - up * 0.05)
            let elbow = sh + fwd * 0.22 - left * (hand.sideSign * 0.2)
            set(hand.other, elbow, shoulder(hand.other) - up * 0.25 + fwd * 0.1)
        case .sideBend:
            let sh = shoulder(hand)
            set(hand, sh + up * (s.arm * 0.9) - left * (hand.sideSign * 0.15), sh + left * (hand.sideSign * 0.3))
            let o = shoulder(hand.other)
            set(hand.other, torso.pelvis + left * (hand.other.sideSign * 0.18) - up * 0.05, o - up * 0.2 + left * (hand.other.sideSign * 0.2))
        case .trunkTwist:
            for h in [PunchHand.lead, .rear] {
                let sh = shoulder(h)
                set(h, torso.midShoulder + fwd * 0.3 - up * 0.05 + left * (h.sideSign * 0.12), sh + left * (h.sideSign * 0.25) - up * 0.1)
            }
        case .armCircles:
            for h in [PunchHand.lead, .rear] {
                let sh = shoulder(h)
                let a = c + (h == .lead ? 0 : .pi * (size > 0.75 ? 0 : 1))
                let dir = (up * cos(a) * -1 + fwd * sin(a)).normalized
                set(h, sh + dir * (s.arm * 0.95) + left * (h.sideSign * 0.1), sh + dir * 0.2 + left * (h.sideSign * 0.3))
            }
        case .crossSwings:
            // Arms swing open and closed across the chest at shoulder height (a hug): looks a little like hooks.
            for h in [PunchHand.lead, .rear] {
                let sh = shoulder(h)
                let open = 0.5 + 0.5 * sin(c)
                let a = degrees(-60 + 150 * open) * size
                let dir = (left * (h.sideSign * cos(a)) + fwd * sin(max(0.2, 1 - open))).normalized - up * 0.15
                set(h, sh + dir.normalized * (s.arm * 0.9), sh + dir.normalized * 0.2 - up * 0.2)
            }
        case .shakeOut:
            for h in [PunchHand.lead, .rear] {
                let sh = shoulder(h)
                let wobble = 0.04 * size * sin(c * 1 + (h == .lead ? 0 : 1.3))
                set(h, sh - up * (s.arm * 0.75) + fwd * (0.2 + wobble) + left * (h.sideSign * (0.12 + wobble)), sh - up * 0.3 + left * (h.sideSign * 0.1))
            }
        case .touchFace, .touchHair, .wipeBrow:
            let sh = shoulder(hand)
            var target: Vec3
            switch kind {
            case .touchFace: target = torso.chin + torso.headForward * 0.03 - torso.headDown * 0.03
            case .touchHair: target = torso.headCentre - torso.headDown * 0.14 - torso.headForward * 0.02 + torso.headLeft * (hand.sideSign * 0.04)
            default: target = torso.headCentre + torso.headForward * 0.1 - torso.headDown * 0.05 + torso.headLeft * (0.06 * sin(c))
            }
            target = target + torso.headLeft * (0.015 * sin(c * 2))
            set(hand, target, sh - up * 0.15 + left * (hand.sideSign * 0.25) + fwd * 0.1)
        case .handsOnHips:
            for h in [PunchHand.lead, .rear] {
                let hip = h == .lead ? torso.leftHip : torso.rightHip
                set(h, hip + left * (h.sideSign * 0.06) - up * 0.1, shoulder(h) - up * 0.2 + left * (h.sideSign * 0.3) - fwd * 0.05)
            }
        case .handsOnKnees:
            for h in [PunchHand.lead, .rear] {
                let sh = shoulder(h)
                set(h, sh - up * (s.arm * 0.9) + fwd * 0.1 + left * (h.sideSign * 0.05), sh - up * 0.2 + left * (h.sideSign * 0.2))
            }
        case .armsCrossed:
            for h in [PunchHand.lead, .rear] {
                let sh = shoulder(h)
                set(h, torso.midShoulder - up * 0.2 + fwd * 0.15 - left * (h.sideSign * 0.12), sh - up * 0.25 + fwd * 0.1 + left * (h.sideSign * 0.1))
            }
        case .frontKick, .sideKick:
            // Fists come up in front of the chest, for balance and cover.
            for h in [PunchHand.lead, .rear] {
                let sh = shoulder(h)
                set(h, sh - up * 0.25 + fwd * 0.25 + left * (h.sideSign * -0.05), sh - up * 0.25 + left * (h.sideSign * 0.2))
            }
        case .backFist:
            let sh = shoulder(hand), out = left * hand.sideSign
            let chamber = HandGoal(wrist: torso.midShoulder + fwd * 0.15 - out * 0.10 - up * 0.05, elbowHint: sh + fwd * 0.3)
            let snap = HandGoal(wrist: sh + fwd * (s.arm * 0.45) + out * (s.arm * 0.7 * size) + up * 0.08,
                                elbowHint: sh + out * 0.25 + fwd * 0.2)
            let g = HandGoal.lerp(chamber, snap, strike(t))
            set(hand, g.wrist, g.elbowHint)
        case .elbowStrike:
            let sh = shoulder(hand), out = left * hand.sideSign
            let folded = sh + up * 0.04 + fwd * 0.08 + out * 0.02
            let wide = HandGoal(wrist: folded, elbowHint: sh + out * 0.35 - up * 0.02)
            let across = HandGoal(wrist: torso.midShoulder + fwd * 0.25 - out * 0.05 + up * 0.02,
                                  elbowHint: sh + fwd * (0.35 * size) - out * 0.15)
            let g = HandGoal.lerp(wide, across, strike(t))
            set(hand, g.wrist, g.elbowHint)
        case .neckRoll, .lookAround:
            break
        }
    }

    /// How far an arm strike has gone (0 chambered … 1 landed): it chambers over the first 40 % of the
    /// gesture, lands by 55 % (0.1–0.2 s: a strike is as fast as a punch) and comes back by 85 %.
    private func strike(_ t: Double) -> Double {
        let u = (t - start) / (end - start)
        if u < 0.4 { return 0 }
        if u < 0.55 { return minimumJerk((u - 0.4) / 0.15) }
        if u < 0.85 { return 1 - minimumJerk((u - 0.55) / 0.3) }
        return 0
    }
}
