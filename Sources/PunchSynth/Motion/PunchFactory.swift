#if canImport(Glibc)
import Glibc
#else
import Foundation
#endif
import PunchKit

/// Speed and duration envelopes of the punches (peak wrist speed in m/s in the room, duration from the
/// hand leaving the guard to it being back). Jab from the issue (0.20–0.45 s, 3–9 m/s); the others keep
/// the published order — crosses and hooks are faster and longer than jabs — and are checked against
/// the real CoachMe jabs and crosses (README, "Synthetic boxer").
struct PunchEnvelope: Sendable {
    var speed: ClosedRange<Double>
    var duration: ClosedRange<Double>
    /// Median peak speed for a subject of average speed (the distribution is log-normal around it).
    var medianSpeed: Double

    static func of(_ label: SynthLabel) -> PunchEnvelope {
        switch label {
        case .jab: return PunchEnvelope(speed: 3...9, duration: 0.20...0.45, medianSpeed: 3.6)
        // Two jabs whose extensions are 0.15–0.40 s apart, the first only partly retracted.
        case .double_jab: return PunchEnvelope(speed: 3...9, duration: 0.40...0.90, medianSpeed: 3.8)
        case .cross: return PunchEnvelope(speed: 3.5...9.5, duration: 0.25...0.60, medianSpeed: 3.9)
        case .hook: return PunchEnvelope(speed: 3.5...10, duration: 0.30...0.70, medianSpeed: 5.5)
        case .uppercut: return PunchEnvelope(speed: 3...9, duration: 0.30...0.70, medianSpeed: 4.6)
        case .stance, .idle: return PunchEnvelope(speed: 0...0, duration: 0...0, medianSpeed: 0)
        }
    }
}

/// Draws a punch of a subject — shape, target and timing — and times it so that its peak wrist speed
/// (measured on the body, in the room) is the speed drawn for it, within the envelope of its label.
enum PunchFactory {
    /// A punch starting (hand leaving the guard) at time `start`.
    static func make(_ label: SynthLabel, hand: PunchHand, subject s: SubjectProfile, start: Double,
                     rng: inout SeededRandom) -> any PunchMotion {
        let envelope = PunchEnvelope.of(label)
        let lo = envelope.speed.lowerBound + 0.3, hi = envelope.speed.upperBound - 0.6
        let targetSpeed = clamp(rng.logNormal(median: envelope.medianSpeed * s.speed, sigma: 0.2), lo, hi)
        var shape = Shape(label: label, hand: hand, subject: s, rng: &rng)
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
            shape.pause = label == .hook || label == .uppercut ? rng.uniform(0.1, 0.4) : rng.uniform(0.15, 1.0)
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
        var label: SynthLabel
        var hand: PunchHand
        // Phases at tempo 1 (seconds).
        var out: Double
        var hold: Double
        var back: Double
        // Double jab: how far the first jab comes back (fraction of extension) and the pause before the second.
        var partial: Double = 0
        var between: Double = 0
        /// Extra seconds held at full extension (not scaled by the tempo).
        var pause: Double = 0
        var params: [String: Double] = [:]
        var targetX: Double = 0
        var targetDown: Double = 0
        var step: Double = 0

        init(label: SynthLabel, hand: PunchHand, subject s: SubjectProfile, rng: inout SeededRandom) {
            self.label = label
            self.hand = hand
            switch label {
            case .jab, .double_jab, .cross:
                out = 0.15
                hold = rng.uniform(0, 0.05)
                back = out * s.retraction * rng.uniform(0.9, 1.1)
                // Mostly to the head (the opponent's chin is level with one's own); one in six to the body.
                targetDown = rng.chance(0.16) ? rng.uniform(0.25, 0.4) : rng.uniform(-0.08, 0.1)
                targetX = (label == .cross ? -0.02 : 0.03) + rng.uniform(-0.06, 0.06)
                step = label != .cross && rng.chance(s.stepWithPunch) ? rng.uniform(0.05, 0.15) : 0
                if label == .double_jab {
                    partial = rng.uniform(0.25, 0.6)
                    between = rng.uniform(0, 0.04)
                }
                params["turn"] = label == .cross ? degrees(rng.uniform(30, 60)) : degrees(rng.uniform(8, 20))
                params["hipShare"] = label == .cross ? rng.uniform(0.55, 0.8) : rng.uniform(0.2, 0.4)
                params["roll"] = degrees(rng.uniform(4, 12))
                params["lean"] = label == .cross ? degrees(rng.uniform(3, 10)) : degrees(rng.uniform(0, 5))
                params["weight"] = label == .cross ? rng.uniform(0.03, 0.09) : rng.uniform(0, 0.04)
                params["pivot"] = label == .cross ? rng.uniform(0.03, 0.07) : 0
                params["slip"] = degrees(rng.uniform(0, 6)) * s.headMovement
                params["reach"] = clamp(s.armExtension + rng.uniform(-0.03, 0.02), 0.86, 0.995)
                params["lead"] = label == .cross ? rng.uniform(0.03, 0.06) : rng.uniform(0, 0.02)
            case .hook:
                out = 0.12
                hold = 0.14  // the swing
                back = 0.2 * s.retraction
                params["elbow"] = degrees(rng.uniform(70, 110))
                params["forward"] = degrees(rng.uniform(15, 40))
                params["adduction"] = degrees(rng.uniform(10, 25))
                params["drop"] = degrees(rng.uniform(-5, 15))
                params["wind"] = degrees(rng.uniform(5, 15))
                params["sweep"] = degrees(rng.uniform(40, 65))
                params["hipShare"] = rng.uniform(0.5, 0.75)
                params["pivot"] = rng.uniform(0.02, 0.06)
                params["dip"] = rng.uniform(0, 0.04)
                params["stay"] = rng.uniform(0.01, 0.05)
            case .uppercut:
                out = 0.12  // the dip
                hold = 0.13  // the drive
                back = 0.18 * s.retraction
                params["dip"] = rng.uniform(0.05, 0.12)
                params["lean"] = degrees(rng.uniform(5, 14))
                params["load"] = degrees(rng.uniform(5, 15))
                params["drive"] = degrees(rng.uniform(20, 40))
                params["lowDown"] = rng.uniform(0.22, 0.34)
                params["lowForward"] = rng.uniform(0.05, 0.15)
                params["lowAcross"] = rng.uniform(0.02, 0.08)
                params["aboveChin"] = rng.uniform(-0.06, 0.06)
                params["highForward"] = rng.uniform(0.28, 0.42)
                params["highAcross"] = rng.uniform(0.08, 0.16)
                params["stay"] = rng.uniform(0.01, 0.05)
            case .stance, .idle:
                fatalError("not a punch: \(label)")
            }
            params["guardDrop"] = s.guardDrop * rng.uniform(0.5, 1.2)
        }

        /// Guard-to-guard duration at `tempo`.
        func duration(tempo: Double) -> Double {
            switch label {
            case .double_jab:
                return tempo * (out + hold + out * (1 - partial) * 2 + hold + back) + between
            case .hook, .uppercut:
                return tempo * (out + hold + back) + (params["stay"] ?? 0)
            default:
                return tempo * (out + hold + back)
            }
        }

        /// Makes the punch fit `limit` seconds: less hold, a quicker retraction, then a faster punch.
        mutating func shorten(to limit: Double, tempo: inout Double) {
            if label != .hook && label != .uppercut { hold = 0 }
            back = max(back * 0.8, out * 0.7)
            let d = duration(tempo: tempo)
            if d > limit { tempo *= limit / d }
        }

        /// Makes the punch last at least `limit` seconds: a longer hold and retraction, then slower.
        mutating func lengthen(to limit: Double, tempo: inout Double) {
            // A short, fast punch (little room between a long guard and full reach) keeps its speed by
            // staying out longer and coming back slower, not by going out slower.
            if label != .hook && label != .uppercut { hold = min(hold + 0.03, 0.12) }
            back = min(back * 1.4, out * 2.4)
            let d = duration(tempo: tempo)
            if d < limit { tempo *= limit / d }
        }

        func build(start t0: Double, tempo k: Double, subject s: SubjectProfile) -> any PunchMotion {
            let p = params
            switch label {
            case .jab, .cross, .double_jab:
                var keys: [(Double, Double)] = [(t0, 0)]
                var t = t0 + out * k
                keys.append((t, 1))
                t += hold * k
                keys.append((t, 1))
                if label == .double_jab {
                    // First jab only partly back, then out again: the two extensions 0.15–0.40 s apart.
                    t += out * (1 - partial) * k
                    keys.append((t, partial))
                    t += between
                    if between > 0 { keys.append((t, partial)) }
                    t += out * (1 - partial) * k
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
                let lead = p["lead"]!
                var bodyKeys = keys.map { ($0.0 - lead * min(1, $0.1 + 0.3), min($0.1, 1)) }
                bodyKeys[0].0 = t0 - lead
                bodyKeys[bodyKeys.count - 1].0 = t + 0.03
                for i in 1..<bodyKeys.count where bodyKeys[i].0 <= bodyKeys[i - 1].0 { bodyKeys[i].0 = bodyKeys[i - 1].0 + 0.001 }
                return StraightPunch(
                    label: label, hand: hand, extent: extent, bodyDrive: Keyframes(bodyKeys),
                    targetX: targetX, targetDown: targetDown, reach: p["reach"]!, turn: p["turn"]!,
                    hipShare: p["hipShare"]!, roll: p["roll"]!, lean: p["lean"]!, weightShift: p["weight"]!,
                    pivotLift: p["pivot"]!, headSlip: p["slip"]!, guardDrop: p["guardDrop"]!,
                    step: step, stepRecovery: step > 0 ? 0.35 : 0, hold: pause)
            case .hook:
                let t1 = t0 + out * k, t2 = t1 + hold * k, t3 = t2 + p["stay"]! + pause, t4 = t3 + back * k
                let sweep = p["sweep"]!
                return Hook(
                    hand: hand, load: Keyframes([(t0, 0), (t1, 1), (t3, 1), (t4, 0)]),
                    rotation: Keyframes([(t0, 0), (t1, -p["wind"]!), (t2, sweep), (t3, sweep * 0.95), (t4, 0)]),
                    elbowAngle: p["elbow"]!, armForward: p["forward"]!, adduction: p["adduction"]!,
                    elbowDrop: p["drop"]!, hipShare: p["hipShare"]!, pivotLift: p["pivot"]!, dip: p["dip"]!,
                    guardDrop: p["guardDrop"]!, hold: pause)
            case .uppercut:
                let t1 = t0 + out * k, t2 = t1 + hold * k, t3 = t2 + p["stay"]! + pause, t4 = t3 + back * k
                return Uppercut(
                    hand: hand, times: [t0, t1, t2, t3, t4], dipDepth: p["dip"]!, sideLean: p["lean"]!,
                    loadTurn: p["load"]!, driveTurn: p["drive"]!,
                    low: (p["lowDown"]!, p["lowForward"]!, p["lowAcross"]!),
                    high: (p["aboveChin"]!, p["highForward"]!, p["highAcross"]!), guardDrop: p["guardDrop"]!, hold: pause)
            case .stance, .idle:
                fatalError("not a punch: \(label)")
            }
        }
    }
}
