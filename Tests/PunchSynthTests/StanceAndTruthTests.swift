import Foundation
import Testing
@testable import PunchSynth
import PunchKit

@Suite struct StanceAndTruthTests {
    @Test(arguments: [-60.0, -30.0, 0.0, 30.0, 60.0])
    func southpawsReadAsSouthpawsAndMirrorToOrthodox(yawDegrees: Double) {
        let camera = CameraRig.front(yaw: yawDegrees * .pi / 180)
        let subjects = SubjectPool.make(seed: 11, ids: 1...10)
        for noise in [false, true] {
            let g = ClipGenerator(seed: 11, subjects: subjects, options: SynthOptions(noise: noise, camera: camera, fps: 30))
            for (i, label) in [PunchLabel.jab, .cross, .stance, .hook].enumerated() {
                for k in 0..<3 {
                    let c = g.clip(label, index: i * 3 + k)
                    // A punch thrown from hands down has no guard to read a stance from.
                    if c.annotations.first?.label == "idle" { continue }
                    let seq = c.sequence
                    let stance = StanceEstimator.estimate(seq)
                    #expect(stance == c.subject.stance, "\(c.name) (\(c.subject.stance)) at yaw \(yawDegrees)°, noise \(noise): read \(String(describing: stance))")
                    #expect(StanceEstimator.estimate(seq.mirrored()) == c.subject.stance.mirrored)
                }
            }
        }
    }

    @Test func roundEventsMatchTheMotion() {
        let subjects = SubjectPool.make(seed: 5, ids: 20...21)
        let gen = RoundGenerator(seed: 5, subjects: subjects, options: SynthOptions(noise: false, camera: .front(yaw: 0.3), fps: 60))
        for index in 0..<2 {
            let round = gen.round(index: index, seconds: 60)
            let seq = round.sequence
            let punches = round.events.filter { $0.label != "idle" }
            #expect(punches.count >= 10, "a 60 s round has \(punches.count) punches")
            for (a, b) in zip(punches, punches.dropFirst()) {
                #expect(b.start - a.end >= 0.5 - 1e-9, "only \(b.start - a.end) s of guard between punches")
            }
            for e in punches {
                let left = (e.hand == .lead) == (round.subject.stance == .orthodox)
                let wrist = left ? Joint.leftWrist.rawValue : Joint.rightWrist.rawValue
                let speed = worldSpeed(seq, joint: wrist)
                let frames = (0..<seq.frameCount).filter { seq.times[$0] >= e.start - 0.3 && seq.times[$0] <= e.end + 0.3 }
                let peak = frames.max { speed[$0] < speed[$1] }!
                #expect(seq.times[peak] >= e.start && seq.times[peak] <= e.end,
                        "\(e.label) \(e.start)–\(e.end): the wrist is fastest at \(seq.times[peak])")
                #expect(PunchEnvelope.of(PunchLabel(rawValue: e.label)!.punchKind!).speed.contains(e.peakSpeed) || e.peakSpeed < 10.5)
            }
            for e in round.events where e.label == "idle" { #expect(e.hand == .none && e.end - e.start > 3) }
        }
    }
}
