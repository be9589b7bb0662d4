#if canImport(Glibc)
import Glibc
#else
import Foundation
#endif
import PunchKit

/// Draws a punch of a subject — shape, target and timing — and times it so that its peak wrist speed
/// (measured on the body, in the room) is the speed drawn for it, within the envelope of its label.
enum PunchFactory {
    /// A punch starting (hand leaving the guard) at time `start`.
    static func make(_ kind: PunchKind, hand: PunchHand, subject s: SubjectProfile, start: Double,
                     rng: inout SeededRandom) -> any PunchMotion {
        let envelope = PunchEnvelope.of(kind)
        let lo = envelope.speed.lowerBound + 0.3, hi = envelope.speed.upperBound - 0.6
        let targetSpeed = clamp(rng.logNormal(median: envelope.medianSpeed * s.speed, sigma: 0.2), lo, hi)
        var shape = Shape(kind, hand: hand, subject: s, rng: &rng)
        // Build at tempo 1, measure, scale the timeline (speed ∝ 1 / tempo), respect the duration range.
        var tempo = 1.0
        for _ in 0..<3 {
            let punch = shape.build(start: 0, tempo: tempo, subject: s)
            let measured = measure(punch, subject: s)
            tempo *= measured / targetSpeed
            let duration = shape.duration(tempo: tempo)
            let d = envelope.duration
            if duration > d.upperBound - 0.01 { shape.shorten(to: d.upperBound - 0.01, tempo: &tempo) }
            if duration < d.lowerBound + 0.01 { shape.lengthen(to: d.lowerBound + 0.01, tempo: &tempo) }
        }
        // The last speed correction may have pushed the duration out of its range again: the range wins.
        let duration = shape.duration(tempo: tempo)
        if duration > envelope.duration.upperBound - 0.01 { shape.shorten(to: envelope.duration.upperBound - 0.01, tempo: &tempo) }
        if duration < envelope.duration.lowerBound + 0.01 { shape.lengthen(to: envelope.duration.lowerBound + 0.01, tempo: &tempo) }
        // A held punch: the fist stays out, outside the punch's rhythm (and outside its envelope).
        if rng.chance(s.holdHabit) {
            shape.pause = kind.isStraight ? rng.uniform(0.15, 1.0) : rng.uniform(0.1, 0.4)
        }
        return shape.build(start: start, tempo: tempo, subject: s)
    }

    /// Peak wrist speed of a punch thrown alone from a still guard.
    static func measure(_ punch: any PunchMotion, subject: SubjectProfile) -> Double {
        var choreography = Choreography(subject: subject, ambient: .still)
        choreography.add(punch)
        return choreography.peakWristSpeed(punch.hand, from: punch.guardLeave - 0.02, to: punch.guardReturn + 0.02).speed
    }

    /// The random shape of one punch; times are at tempo 1 and scale with the tempo.
    struct Shape {
        var kind: PunchKind
        var hand: PunchHand
        // Phases at tempo 1 (seconds).
        var out: Double
        var hold: Double
        var back: Double
        /// Extra seconds held at full extension (not scaled by the tempo).
        var pause: Double = 0
        var form: Form
        /// How far the other hand's guard drops (metres).
        var guardDrop: Double

        /// The parameters of the punch's own motion.
        enum Form {
            case straight(StraightPunchParameters)
            case hook(HookParameters)
            case uppercut(UppercutParameters)

            /// Seconds a hook or uppercut stays at its end (not scaled by the tempo); 0 for straight punches.
            var stay: Double {
                switch self {
                case .straight: return 0
                case .hook(let p): return p.stay
                case .uppercut(let p): return p.stay
                }
            }
        }

        /// Draws the shape: the phases, then the punch's parameters, then the guard drop (the generated
        /// data depends on this order).
        init(_ kind: PunchKind, hand: PunchHand, subject s: SubjectProfile, rng: inout SeededRandom) {
            self.kind = kind
            self.hand = hand
            switch kind {
            case .jab, .doubleJab, .cross:
                out = 0.15
                hold = rng.uniform(0, 0.05)
                back = out * s.retraction * rng.uniform(0.9, 1.1)
                form = .straight(StraightPunchParameters(kind, subject: s, rng: &rng))
            case .hook:
                out = 0.12
                hold = 0.14  // the swing
                back = 0.2 * s.retraction
                form = .hook(HookParameters(rng: &rng))
            case .uppercut:
                out = 0.12  // the dip
                hold = 0.13  // the drive
                back = 0.18 * s.retraction
                form = .uppercut(UppercutParameters(rng: &rng))
            }
            guardDrop = s.guardDrop * rng.uniform(0.5, 1.2)
        }

        /// Guard-to-guard duration at `tempo`.
        func duration(tempo: Double) -> Double {
            switch form {
            case .straight(let p) where kind == .doubleJab:
                return tempo * (out + hold + out * (1 - p.partial) * 2 + hold + back) + p.between
            case .straight:
                return tempo * (out + hold + back)
            case .hook, .uppercut:
                return tempo * (out + hold + back) + form.stay
            }
        }

        /// Makes the punch fit `limit` seconds: less hold, a quicker retraction, then a faster punch.
        mutating func shorten(to limit: Double, tempo: inout Double) {
            if kind.isStraight { hold = 0 }
            back = max(back * 0.8, out * 0.7)
            let d = duration(tempo: tempo)
            if d > limit { tempo *= limit / d }
        }

        /// Makes the punch last at least `limit` seconds: a longer hold and retraction, then slower.
        mutating func lengthen(to limit: Double, tempo: inout Double) {
            // A short, fast punch (little room between a long guard and full reach) keeps its speed by
            // staying out longer and coming back slower, not by going out slower.
            if kind.isStraight { hold = min(hold + 0.03, 0.12) }
            back = min(back * 1.4, out * 2.4)
            let d = duration(tempo: tempo)
            if d < limit { tempo *= limit / d }
        }

        func build(start t0: Double, tempo k: Double, subject s: SubjectProfile) -> any PunchMotion {
            switch form {
            case .straight(let p):
                var keys: [(Double, Double)] = [(t0, 0)]
                var t = t0 + out * k
                keys.append((t, 1))
                t += hold * k
                keys.append((t, 1))
                if kind == .doubleJab {
                    // First jab only partly back, then out again: the two extensions 0.15–0.40 s apart.
                    t += out * (1 - p.partial) * k
                    keys.append((t, p.partial))
                    t += p.between
                    if p.between > 0 { keys.append((t, p.partial)) }
                    t += out * (1 - p.partial) * k
                    keys.append((t, 1))
                    t += hold * k
                    keys.append((t, 1))
                }
                if pause > 0 {
                    t += pause
                    keys.append((t, 1))
                }
                t += back * k
                keys.append((t, 0))
                let extent = Keyframes(keys)
                let lead = p.lead
                var bodyKeys = keys.map { ($0.0 - lead * min(1, $0.1 + 0.3), min($0.1, 1)) }
                bodyKeys[0].0 = t0 - lead
                bodyKeys[bodyKeys.count - 1].0 = t + 0.03
                for i in 1..<bodyKeys.count where bodyKeys[i].0 <= bodyKeys[i - 1].0 { bodyKeys[i].0 = bodyKeys[i - 1].0 + 0.001 }
                return StraightPunch(
                    kind: kind, hand: hand, extent: extent, bodyDrive: Keyframes(bodyKeys), shape: p,
                    guardDrop: guardDrop, stepRecovery: p.step > 0 ? 0.35 : 0, hold: pause)
            case .hook(let p):
                let t1 = t0 + out * k, t2 = t1 + hold * k, t3 = t2 + p.stay + pause, t4 = t3 + back * k
                let sweep = p.sweep
                return Hook(
                    hand: hand, load: Keyframes([(t0, 0), (t1, 1), (t3, 1), (t4, 0)]),
                    rotation: Keyframes([(t0, 0), (t1, -p.wind), (t2, sweep), (t3, sweep * 0.95), (t4, 0)]),
                    elbowAngle: p.elbowAngle, armForward: p.armForward, adduction: p.adduction,
                    elbowDrop: p.elbowDrop, hipShare: p.hipShare, pivotLift: p.pivotLift, dip: p.dip,
                    guardDrop: guardDrop, hold: pause)
            case .uppercut(let p):
                let t1 = t0 + out * k, t2 = t1 + hold * k, t3 = t2 + p.stay + pause, t4 = t3 + back * k
                return Uppercut(
                    hand: hand, times: [t0, t1, t2, t3, t4], dipDepth: p.dipDepth, sideLean: p.sideLean,
                    loadTurn: p.loadTurn, driveTurn: p.driveTurn,
                    low: (p.lowDown, p.lowForward, p.lowAcross),
                    high: (p.aboveChin, p.highForward, p.highAcross), guardDrop: guardDrop, hold: pause)
            }
        }
    }
}
