import Foundation
import Testing
@testable import PunchSynth
import PunchKit

@Suite struct MotionTests {
    static let bones: [(Joint, Joint)] = [
        (.leftShoulder, .leftElbow), (.leftElbow, .leftWrist), (.rightShoulder, .rightElbow), (.rightElbow, .rightWrist),
        (.leftHip, .leftKnee), (.leftKnee, .leftAnkle), (.rightHip, .rightKnee), (.rightKnee, .rightAnkle),
        (.leftShoulder, .rightShoulder), (.leftHip, .rightHip), (.leftEar, .rightEar),
    ]

    static func checkBones(_ s: SkeletonSequence, _ name: String) {
        for (a, b) in bones {
            let lengths = (0..<s.frameCount).map { (s.worldPosition(frame: $0, joint: a.rawValue) - s.worldPosition(frame: $0, joint: b.rawValue)).length }
            let mid = lengths.sorted()[lengths.count / 2]
            let worst = lengths.map { abs($0 - mid) / mid }.max()!
            #expect(worst < 0.01, "\(name): \(a.name)–\(b.name) varies by \(worst * 100) %")
        }
        // The spine: mid-hip to mid-shoulder.
        let spine = (0..<s.frameCount).map { f -> Double in
            let p = { (j: Joint) in s.worldPosition(frame: f, joint: j.rawValue) }
            return ((p(.leftShoulder) + p(.rightShoulder)) * 0.5 - (p(.leftHip) + p(.rightHip)) * 0.5).length
        }
        let mid = spine.sorted()[spine.count / 2]
        #expect(spine.allSatisfy { abs($0 - mid) / mid < 0.01 }, "\(name): spine length varies")
    }

    /// The punch kinds are the punch labels, in the labels' order (the rounds draw a kind by its index).
    @Test func punchKindsAreThePunchLabelsInOrder() {
        #expect(PunchKind.allCases.map(\.label) == PunchLabel.allCases.filter(\.isPunch))
        for label in PunchLabel.allCases { #expect(label.punchKind?.label == (label.isPunch ? label : nil)) }
    }

    @Test func boneLengthsStayConstantInEveryClip() {
        let g = exactGenerator()
        for label in PunchLabel.allCases {
            for i in 0..<4 { Self.checkBones(g.clip(label, index: i).sequence, "\(label) \(i)") }
        }
        let round = RoundGenerator(seed: 7, subjects: SubjectPool.make(seed: 7, ids: 5...5),
                                   options: SynthOptions(noise: false, camera: .front(), fps: 30)).round(index: 0, seconds: 40)
        Self.checkBones(round.sequence, "round")
    }

    @Test func punchesHaveTheStatedSpeedsAndDurations() {
        let g = exactGenerator(subjects: 6)
        for kind in PunchKind.allCases {
            let label = kind.label, envelope = PunchEnvelope.of(kind)
            var speeds: [Double] = []
            for i in 0..<8 {
                let c = g.clip(label, index: i)
                let p = c.punches[0]
                speeds.append(p.peakSpeed)
                #expect(envelope.speed.contains(p.peakSpeed), "\(label) \(i): peak wrist speed \(p.peakSpeed) m/s")
                // The envelope is the punch's own rhythm; a held fist adds its hold on top.
                #expect(envelope.duration.contains(p.end - p.start - p.hold), "\(label) \(i): \(p.end - p.start) s, held \(p.hold) s")
                #expect(p.peakTime > p.start && p.peakTime < p.end)
                #expect(p.hand == (label == .cross ? .rear : label == .jab || label == .doubleJab ? .lead : p.hand))
                // Stance padding: 1.0–1.6 s before, at least 0.8 s after.
                #expect(c.actionStart >= 1.0 && c.actionStart <= 1.6)
                #expect(c.sequence.times.last! - c.actionEnd >= 0.79)
            }
            print("\(label): peak wrist speeds \(speeds.map { String(format: "%.1f", $0) }.joined(separator: " ")) m/s")
        }
    }

    @Test func aDoubleJabIsTwoExtensionsWithAPartialRetraction() {
        let g = exactGenerator()
        let subjects = SubjectPool.make(seed: 7, ids: 1...4)
        for i in 0..<6 {
            var rng = SeededRandom(seed: 9, stream: "dj", index: i)
            let p = PunchFactory.make(.doubleJab, hand: .lead, subject: subjects[i % 4], start: 1, rng: &rng)
            #expect(p.impacts.count == 2)
            let gap = p.impacts[1] - p.impacts[0]
            #expect(gap >= 0.15 && gap <= 0.40, "extensions \(gap) s apart")
            let straight = p as! StraightPunch
            let lowest = straight.extent.values.dropFirst().dropLast().min()!
            #expect(lowest > 0.2 && lowest < 0.65, "first jab comes back to \(lowest)")
        }
        _ = g
    }

    @Test func hooksSwingSidewaysAndUppercutsRise() {
        let g = exactGenerator()
        for i in 0..<4 {
            let hook = g.clip(.hook, index: i), cut = g.clip(.uppercut, index: i)
            for (c, kind) in [(hook, "hook"), (cut, "uppercut")] {
                let p = c.punches[0]
                let lead = p.hand == .lead
                let wrist = (lead == (c.subject.stance == .orthodox)) ? Joint.leftWrist : Joint.rightWrist
                let s = c.sequence.slice(from: p.start, to: p.end)
                let path = (0..<s.frameCount).map { s.worldPosition(frame: $0, joint: wrist.rawValue) }
                let xs = path.map(\.x), ys = path.map(\.y)
                if kind == "hook" {
                    // Seen from the front the fist sweeps across the body.
                    #expect(xs.max()! - xs.min()! > 0.25, "hook \(i): sideways travel \(xs.max()! - xs.min()!)")
                } else {
                    // The fist drops, then rises well above where it was.
                    let lowest = ys.firstIndex(of: ys.max()!)!
                    let highest = ys[lowest...].min()!
                    #expect(ys.max()! - highest > 0.2, "uppercut \(i): rise \(ys.max()! - highest)")
                }
            }
        }
    }
}
