#if canImport(Glibc)
import Glibc
#else
import Foundation
#endif
import PunchKit

/// Fills stretches of guard with what boxers do between punches: slips, bobs, small steps, weight
/// shifts, guard adjustments and feints (hard negatives: arm movements that are not punches).
struct StancePlanner {
    var subject: SubjectProfile
    /// Net displacement of the steps so far: later steps lean back towards the start.
    var drift = Vec3.zero

    init(subject: SubjectProfile) { self.subject = subject }

    /// Adds motions between `t0` and `t1`, none within `margin` of a busy interval (a punch).
    mutating func fill(_ ch: inout Choreography, from t0: Double, to t1: Double, busy: [ClosedRange<Double>] = [],
                       margin: Double = 0.3, rng: inout SeededRandom) {
        var t = t0 + rng.uniform(0, 0.5)
        let s = subject
        while t < t1 {
            let kinds: [Double] = [
                1.6 * s.headMovement,  // slip
                0.8 * s.headMovement,  // bob / weave
                1.2,  // step
                1.0,  // weight shift
                0.9,  // feint
                0.6,  // guard adjust
                1.2,  // nothing: a still moment
            ]
            let kind = rng.weighted(kinds)
            let duration: Double
            switch kind {
            case 0: duration = rng.uniform(0.3, 0.6)
            case 1: duration = rng.uniform(0.5, 0.9)
            case 2: duration = rng.uniform(0.35, 0.6)
            case 3: duration = rng.uniform(0.6, 1.2)
            case 4: duration = rng.uniform(0.25, 0.45)
            case 5: duration = rng.uniform(0.4, 0.8)
            default: duration = rng.uniform(0.3, 0.9)
            }
            let start = t, end = t + duration
            let clash = busy.contains { $0.lowerBound - margin < end && start < $0.upperBound + margin }
            if end <= t1 && !clash {
                switch kind {
                case 0:
                    ch.add(Slip(start: start, end: end, amount: rng.sign() * degrees(rng.uniform(5, 14)) * s.headMovement,
                                dipDepth: rng.uniform(0, 0.04), turn: degrees(rng.uniform(-8, 8))))
                case 1:
                    ch.add(Bob(start: start, end: end, depth: rng.uniform(0.05, 0.14), sway: rng.chance(0.5) ? degrees(rng.uniform(5, 12)) : 0))
                case 2:
                    var delta = Vec3(rng.uniform(-0.12, 0.12), 0, rng.uniform(-0.18, 0.18))
                    delta = delta - drift * 0.7
                    drift += delta
                    ch.add(GuardStep(start: start, end: end, delta: delta))
                case 3:
                    ch.add(WeightShift(start: start, end: end, forward: rng.uniform(-0.06, 0.06)))
                case 4:
                    // A feint stays well short of a punch: with a long guard there is less room to move.
                    let room = min(max((0.5 - subject.guardReach) / 0.3, 0.2), 1)
                    ch.add(Feint(start: start, end: end, hand: rng.chance(0.6) ? .lead : .rear,
                                 reach: rng.uniform(0.03, 0.12) * room, shoulderTurn: degrees(rng.uniform(3, 10)),
                                 dipDepth: rng.uniform(0, 0.04)))
                case 5:
                    func small() -> Vec3 { Vec3(rng.uniform(-0.06, 0.06), rng.uniform(-0.05, 0.05), rng.uniform(-0.05, 0.05)) }
                    var lead = small(), rear = small()
                    if rng.chance(0.3) {  // touch the gloves together in front of the chin
                        lead = Vec3(-0.08, 0.02, 0.02)
                        rear = Vec3(0.1, 0.0, 0.12)
                    }
                    ch.add(GuardAdjust(start: start, end: end, lead: lead, rear: rear))
                default:
                    break
                }
            }
            t = end + rng.uniform(0.1, 0.6)
        }
    }
}

/// Fills a stretch of relaxed (no guard) time with idle activity: walking, stretching, arm swings,
/// touching the face or hair, resting, looking around.
struct IdlePlanner {
    /// Walks stay within this distance (metres) of where the first stretch began: a person training in
    /// front of a camera steps about between rounds, not out of the picture. Before generator 4 walks of up
    /// to 3 s went in any direction, and issue 12's round s904_round_006 (seed 777) lost its boxer for 92 %
    /// of the round while its truth still listed 14 punches.
    static let wanderRadius = 1.0
    /// The walk back to where the stretch began, when it ends with the guard coming up again (seconds).
    static let returnWalk = 1.4...1.8  // ≥ 1 s at full speed: 1.1 m/s brings him back from the radius

    var subject: SubjectProfile
    /// Where the walks so far have taken the body, from where the first stretch began.
    var travel = Vec3.zero
    /// How often back fists and elbow strikes come, against kicks (`SynthOptions.armStrikes`: 1 as often);
    /// 0 draws exactly the motions of before.
    var armStrikes: Double

    init(subject: SubjectProfile, armStrikes: Double = 0) {
        self.subject = subject
        self.armStrikes = armStrikes
    }

    /// Adds idle motions between `t0` and `t1`. With `returnHome` the stretch ends with a walk back to
    /// where the walks began (the guard comes up at `t1`, the boxer back in his place).
    mutating func fill(_ ch: inout Choreography, from t0: Double, to t1: Double, returnHome: Bool = false,
                       rng: inout SeededRandom) {
        let homeWalk = returnHome ? rng.uniform(Self.returnWalk.lowerBound, Self.returnWalk.upperBound) : 0
        let end1 = t1 - homeWalk
        var t = t0 + rng.uniform(0, 0.3)
        while t < end1 - 0.6 {
            let remaining = end1 - t
            // Arm strikes (where a spec asks) weigh `armStrikes` × a kick's 0.5; none, the draw is that of before.
            let kind = rng.weighted([1.3, 2.6, 1.6, 1.2, 1.0, 0.5, 1.0] + (armStrikes > 0 ? [0.5 * armStrikes] : []))
            var duration: Double
            switch kind {
            case 0: duration = rng.uniform(1.2, 3.0)  // walk
            case 1: duration = rng.uniform(1.2, 3.0)  // stretch / swing
            case 2: duration = rng.uniform(0.9, 2.2)  // touch face, hair, brow
            case 3: duration = rng.uniform(1.5, 3.5)  // rest
            case 4: duration = rng.uniform(1.0, 2.5)  // look around, neck roll
            case 6, 7: duration = rng.uniform(0.7, 1.3)  // a kick, an arm strike
            default: duration = rng.uniform(0.4, 1.2)  // stand still
            }
            duration = min(duration, remaining)
            let start = t, end = t + duration
            let hand: PunchHand = rng.chance(0.5) ? .lead : .rear
            func gesture(_ k: IdleGesture.Kind, rate: Double) {
                ch.add(IdleGesture(start: start, end: end, kind: k, hand: hand, rate: rate,
                                   size: rng.uniform(0.6, 1), phase: rng.uniform(0, 6.28)))
            }
            switch kind {
            case 0:
                // To a point drawn within the wander radius, as far as the walk's time and speed carry.
                let angle = rng.uniform(-Double.pi, Double.pi), radius = Self.wanderRadius * rng.uniform(0, 1).squareRoot()
                let goal = Vec3(radius * sin(angle), 0, radius * cos(angle))
                let speed = rng.uniform(0.5, 1.1), cadence = rng.uniform(1.6, 2.0), armSwing = rng.uniform(0.05, 0.18)
                walk(&ch, from: start, to: end, towards: goal, speed: speed, cadence: cadence, armSwing: armSwing)
            case 1:
                let k = rng.pick([IdleGesture.Kind.armsOverhead, .crossBodyStretch, .sideBend, .trunkTwist,
                                  .armCircles, .armCircles, .crossSwings, .crossSwings, .shakeOut])
                let rate: Double = k == .shakeOut ? rng.uniform(3, 6) : rng.uniform(0.6, 1.4)
                gesture(k, rate: rate)
            case 2: gesture(rng.pick([.touchFace, .touchHair, .wipeBrow]), rate: rng.uniform(0.5, 1.5))
            case 3: gesture(rng.pick([.handsOnHips, .handsOnHips, .handsOnKnees, .armsCrossed]), rate: 0.5)
            case 4: gesture(rng.pick([.lookAround, .neckRoll]), rate: rng.uniform(0.3, 0.7))
            case 6: gesture(rng.pick([.frontKick, .sideKick]), rate: 1)
            case 7: gesture(rng.pick([.backFist, .elbowStrike]), rate: 1)
            default: break
            }
            t = end + rng.uniform(0.1, 0.7)
        }
        if returnHome {
            let cadence = rng.uniform(1.6, 2.0), armSwing = rng.uniform(0.05, 0.18)
            walk(&ch, from: end1, to: t1, towards: .zero, speed: 1.1, cadence: cadence, armSwing: armSwing)
        }
    }

    /// A walk from `start` to `end` towards `goal` (relative to where the walks began) at up to `speed`,
    /// stopping there; none when the body is already within 5 cm of it or there is no time to walk.
    private mutating func walk(_ ch: inout Choreography, from start: Double, to end: Double, towards goal: Vec3,
                               speed: Double, cadence: Double, armSwing: Double) {
        let way = goal - travel, distance = way.length
        guard distance > 0.05, end - start > 0.3 else { return }
        var walk = Walk(start: start, end: end, heading: atan2(way.x, way.z), speed: speed, cadence: cadence, armSwing: armSwing)
        // The displacement is speed × (duration − ramp): slow down rather than overshoot the goal.
        walk.speed = min(speed, distance / walk.fullSpeedTime)
        travel += walk.displacement
        ch.add(walk)
    }
}
