#if canImport(Glibc)
import Glibc
#else
import Foundation
#endif
import PunchKit

/// Rise, hold, fall envelope between `start` and `end` (0 outside).
@inline(__always) func envelope(_ t: Double, _ start: Double, _ end: Double, rise: Double = 0.35, fall: Double = 0.35) -> Double {
    guard t > start, t < end else { return 0 }
    let d = end - start
    let u = (t - start) / d
    if u < rise { return minimumJerk(u / rise) }
    if u > 1 - fall { return minimumJerk((1 - u) / fall) }
    return 1
}

/// A head slip or lean: the trunk leans sideways (and a little forward) and comes back.
struct Slip: Motion {
    var start: Double
    var end: Double
    /// Radians; positive leans to the boxer's left.
    var amount: Double
    var dipDepth: Double
    var turn: Double

    func body(at t: Double, _ c: inout BodyChannels) {
        let e = envelope(t, start, end, rise: 0.4, fall: 0.45)
        c.sideLean += amount * e
        c.lean += abs(amount) * 0.4 * e
        c.dip += dipDepth * e
        c.torsoYaw += turn * e
    }
}

/// A bob or weave: the knees bend, the trunk drops forward; with `sway` the dip travels sideways (weave).
struct Bob: Motion {
    var start: Double
    var end: Double
    var depth: Double
    var sway: Double

    func body(at t: Double, _ c: inout BodyChannels) {
        let e = envelope(t, start, end, rise: 0.5, fall: 0.5)
        c.dip += depth * e
        c.lean += degrees(12) * e
        let u = clamp((t - start) / (end - start), 0, 1)
        c.sideLean += sway * sin(2 * .pi * u) * e
    }
}

/// A small step in guard (forward, back, sideways): the foot nearest the direction moves first, the
/// other follows, and the stance ends where the step took it.
struct GuardStep: Motion {
    var start: Double
    var end: Double
    var delta: Vec3
    var persists: Bool { true }

    func body(at t: Double, _ c: inout BodyChannels) {
        let u = clamp((t - start) / (end - start), 0, 1)
        // Stepping forward or to the left: the lead foot first; back or right: the rear foot first.
        let leadFirst = delta.z + delta.x >= 0
        let first = minimumJerk(u / 0.6), second = minimumJerk((u - 0.35) / 0.65)
        let firstLift = 0.03 * sin(.pi * clamp(u / 0.6, 0, 1))
        let secondLift = 0.03 * sin(.pi * clamp((u - 0.35) / 0.65, 0, 1))
        c.leadFoot += delta * (leadFirst ? first : second)
        c.rearFoot += delta * (leadFirst ? second : first)
        c.leadFoot.y -= leadFirst ? firstLift : secondLift
        c.rearFoot.y -= leadFirst ? secondLift : firstLift
        c.pelvisShift += delta * minimumJerk(u)
    }
}

/// Weight moving onto the front or back foot and back again.
struct WeightShift: Motion {
    var start: Double
    var end: Double
    var forward: Double

    func body(at t: Double, _ c: inout BodyChannels) {
        let e = envelope(t, start, end, rise: 0.45, fall: 0.45)
        c.pelvisShift.z += forward * e
        c.lean += forward * 0.8 * e
        c.dip += abs(forward) * 0.3 * e
    }
}

/// A feint: a short, slow start of a punch (or a shoulder twitch) that is not a punch — a hard negative.
struct Feint: Motion {
    var start: Double
    var end: Double
    var hand: PunchHand
    /// How far the hand moves towards the target (metres); small.
    var reach: Double
    var shoulderTurn: Double
    var dipDepth: Double

    func body(at t: Double, _ c: inout BodyChannels) {
        let e = envelope(t, start, end, rise: 0.45, fall: 0.55)
        c.torsoYaw -= hand.sideSign * shoulderTurn * e
        c.shoulderRoll += hand.sideSign * degrees(3) * e
        c.dip += dipDepth * e
    }

    func hands(at t: Double, subject: SubjectProfile, torso: TorsoState, _ goals: inout HandGoals) {
        let e = envelope(t, start, end, rise: 0.45, fall: 0.55)
        guard e > 0 else { return }
        var g = goals[hand]
        g.wrist = g.wrist + torso.aim * (reach * e) + Vec3(0, 0.02 * e, 0)
        goals[hand] = g
    }
}

/// Re-setting the guard: the hands move a little (touch the gloves together, tighten up, wipe the nose).
struct GuardAdjust: Motion {
    var start: Double
    var end: Double
    var lead: Vec3
    var rear: Vec3

    func body(at t: Double, _ c: inout BodyChannels) {}

    func hands(at t: Double, subject: SubjectProfile, torso: TorsoState, _ goals: inout HandGoals) {
        let e = envelope(t, start, end, rise: 0.4, fall: 0.4)
        guard e > 0 else { return }
        goals.lead.wrist = goals.lead.wrist + lead * e
        goals.rear.wrist = goals.rear.wrist + rear * e
    }
}
