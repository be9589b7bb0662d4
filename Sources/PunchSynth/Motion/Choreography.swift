#if canImport(Glibc)
import Glibc
#else
import Foundation
#endif
import PunchKit

/// Everything one subject does over time: the motions on a timeline and the ambient movement of a
/// living body (bounce on the toes, sway, breathing). Evaluated at any instant, it gives the 17
/// keypoints in metres in the fight frame — for a southpaw, mirrored.
struct Choreography: Sendable {
    let subject: SubjectProfile
    let builder: SkeletonBuilder
    private(set) var motions: [any Motion] = []
    var ambient: Ambient

    /// Continuous small movement: bounce (in guard), sway and trunk turn, head wander.
    struct Ambient: Sendable {
        var bounce: Double
        var bounceRate: Double
        var bouncePhase: Double
        var swayRates: (Double, Double, Double)
        var swayPhases: (Double, Double, Double)
        var sway: Double

        static let still = Ambient(bounce: 0, bounceRate: 1, bouncePhase: 0, swayRates: (0.3, 0.4, 0.5),
                                   swayPhases: (0, 0, 0), sway: 0)

        static func random(_ s: SubjectProfile, _ rng: inout SeededRandom) -> Ambient {
            Ambient(bounce: s.bounce * rng.uniform(0.6, 1.2), bounceRate: s.bounceRate * rng.uniform(0.9, 1.1),
                    bouncePhase: rng.uniform(0, 2 * .pi),
                    swayRates: (rng.uniform(0.15, 0.4), rng.uniform(0.2, 0.5), rng.uniform(0.1, 0.35)),
                    swayPhases: (rng.uniform(0, 6.28), rng.uniform(0, 6.28), rng.uniform(0, 6.28)),
                    sway: rng.uniform(0.4, 1.2))
        }

        func apply(at t: Double, _ c: inout BodyChannels) {
            let guardLevel = clamp(1 - c.relax, 0, 1)
            // Bouncing on the balls of the feet: the pelvis rises, the heels leave the floor.
            let b = 0.5 - 0.5 * cos(2 * .pi * bounceRate * t + bouncePhase)
            let lift = bounce * guardLevel * b
            c.pelvisShift.y -= lift
            c.leadHeel += lift * 0.8
            c.rearHeel += lift * 0.8
            let s1 = sin(2 * .pi * swayRates.0 * t + swayPhases.0), s2 = sin(2 * .pi * swayRates.1 * t + swayPhases.1)
            let s3 = sin(2 * .pi * swayRates.2 * t + swayPhases.2)
            c.pelvisShift.x += 0.012 * sway * s1
            c.pelvisShift.z += 0.010 * sway * s2
            c.torsoYaw += degrees(2.5) * sway * s3
            c.headYaw += degrees(4) * sway * s2 * s3
            c.headPitch += degrees(2) * sway * s1
        }
    }

    init(subject: SubjectProfile, ambient: Ambient) {
        self.subject = subject
        self.builder = SkeletonBuilder(subject: subject)
        self.ambient = ambient
    }

    mutating func add(_ m: any Motion) {
        // Keep the timeline sorted by start (stable for equal starts), so evaluation order is fixed.
        var i = motions.count
        while i > 0 && motions[i - 1].start > m.start { i -= 1 }
        motions.insert(m, at: i)
    }

    /// Drops motions that ended before `t` and leave nothing behind (for long live sessions).
    mutating func forget(before t: Double) {
        motions.removeAll { !$0.persists && $0.end < t }
    }

    func channels(at t: Double) -> BodyChannels {
        var c = BodyChannels()
        for m in motions where m.start <= t && (m.persists || t <= m.end) { m.body(at: t, &c) }
        ambient.apply(at: t, &c)
        return c
    }

    /// The 17 keypoints of an orthodox boxer in the fight frame (before mirroring for a southpaw).
    func orthodoxJoints(at t: Double) -> [Vec3] {
        let c = channels(at: t)
        let torso = builder.torso(c)
        let relax = clamp(c.relax, 0, 1)
        var goals = subject.guardGoals(torso)
        if relax > 0 {
            let r = subject.relaxedGoals(torso)
            goals = HandGoals(lead: .lerp(goals.lead, r.lead, relax), rear: .lerp(goals.rear, r.rear, relax))
        }
        for m in motions where m.start <= t && t <= m.end { m.hands(at: t, subject: subject, torso: torso, &goals) }
        return builder.joints(c, torso: torso, hands: goals)
    }

    /// The 17 keypoints in the fight frame: a southpaw is the mirror image of the orthodox motion
    /// (x negated, left and right swapped), so that the lead hand is the right one.
    func joints(at t: Double) -> [Vec3] {
        let j = orthodoxJoints(at: t)
        guard subject.stance == .southpaw else { return j }
        let partner = JointLayout.canonical.mirrorIndex
        return (0..<17).map { i in
            let p = j[partner[i]]
            return Vec3(-p.x, p.y, p.z)
        }
    }

    /// Canonical index of the wrist of `hand` for this subject.
    func wristIndex(_ hand: PunchHand) -> Int {
        let left = (hand == .lead) == (subject.stance == .orthodox)
        return left ? Joint.leftWrist.rawValue : Joint.rightWrist.rawValue
    }

    /// Peak speed (m/s) of a wrist between two times, from the noise-free motion sampled at 500 Hz.
    func peakWristSpeed(_ hand: PunchHand, from t0: Double, to t1: Double) -> (speed: Double, time: Double) {
        let w = wristIndex(hand)
        let dt = 0.002
        var best = 0.0, bestTime = t0
        var previous = joints(at: t0)[w]
        var t = t0 + dt
        while t <= t1 + 1e-9 {
            let p = joints(at: t)[w]
            let v = (p - previous).length / dt
            if v > best { best = v; bestTime = t - dt / 2 }
            previous = p
            t += dt
        }
        return (best, bestTime)
    }
}
