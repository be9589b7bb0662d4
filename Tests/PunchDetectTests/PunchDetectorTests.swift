import Foundation
import Testing
import PunchDetect
import PunchKit
import PunchModel
import PunchSynth

@Suite struct PunchDetectorTests {
    /// One punch gives one event, of its label, over the punch. At most one extra event in a label's 6
    /// clips: the generator-4 model reads a move of the guard 0.9 s after s302_jab_0002's jab as a second
    /// jab (confidence 0.61); the generator-3 model gave none.
    @Test(arguments: [PunchLabel.jab, .cross, .hook, .uppercut])
    func onePunchOneEvent(label: PunchLabel) {
        let generator = ClipGenerator(seed: 5, subjects: unseenSubjects())
        var right = 0, extra = 0
        let clips = (0..<6).map { generator.clip(label, index: $0) }
        for clip in clips {
            let events = detect(clip.sequence).events.filter { punchLabels.contains($0.event.label) }
            #expect(!events.isEmpty, "\(clip.name): no event")
            extra += max(0, events.count - 1)
            if events.count > 1 { print("onePunchOneEvent \(clip.name): \(events.map(\.event.label))") }
            let truth = clip.punches[0]
            if let e = events.first, e.event.label == label.rawValue, e.event.start < truth.end + 0.3, e.event.end > truth.start - 0.3 {
                right += 1
            }
        }
        #expect(right >= 5, "\(label): \(right) of 6 clips gave the right event")
        #expect(extra <= 1, "\(label): \(extra) extra events in 6 clips")
    }

    /// A double jab is one double_jab event — never a jab and then a double jab for the same motion.
    @Test func aDoubleJabIsOneEvent() {
        // 20 clips of generator 3 with its pose errors: 6 of them thrown from hands down, where no stance
        // can be read, and 3 whose stance is misread from the body — the misses (4 jab or cross, 1 none,
        // 1 late extra event) are in docs/real-people.md.
        let generator = ClipGenerator(seed: 6, subjects: unseenSubjects())
        var right = 0
        for i in 0..<20 {
            let clip = generator.clip(.doubleJab, index: i)
            let labels = detect(clip.sequence).events.map(\.event.label).filter(punchLabels.contains)
            #expect(!(labels.contains("jab") && labels.contains("double_jab")), "\(clip.name): \(labels)")
            if labels == ["double_jab"] { right += 1 }
        }
        #expect(right >= 14, "\(right) of 20 double jabs")
    }

    /// A southpaw's jab is thrown with the right hand and is still the lead hand; hooks and uppercuts
    /// get the hand that moved.
    @Test func southpawHandsAreReadAgainstTheStance() {
        let southpaws = unseenSubjects(301...340).filter { $0.stance == .southpaw }.prefix(4)
        #expect(southpaws.count == 4)
        let generator = ClipGenerator(seed: 8, subjects: Array(southpaws), options: SynthOptions(camera: .front(yaw: 0.3)))
        var checked = 0, right = 0
        for label in [PunchLabel.jab, .cross, .hook, .uppercut] {
            for i in 0..<4 {
                let clip = generator.clip(label, index: i)
                // A punch from hands down has no guard to read the stance from.
                if clip.annotations.first?.label == "idle" { continue }
                let (events, detector) = detect(clip.sequence)
                #expect(detector.stance == .southpaw, "\(clip.name) read as \(detector.stance)")
                guard let e = events.first(where: { $0.event.label == label.rawValue }) else { continue }
                checked += 1
                if e.event.hand == clip.punches[0].hand { right += 1 }
            }
        }
        // Punches from hands down are skipped: there is no guard to read the stance from.
        #expect(checked >= 12 && right == checked, "\(right) of \(checked) hands right")
    }

    /// Somebody walking past is not punching: punch clips whose whole picture slides sideways at walking pace
    /// (3 torso lengths a second, as vtest.avi's walker) give no event, whatever the network reads into the arms.
    /// Without the gate (`walkingAloneSpeed` infinite) the same clips do give events: the gate is what drops them.
    @Test func aBodyCrossingThePictureAtWalkingPaceThrowsNoPunch() {
        let generator = ClipGenerator(seed: 5, subjects: unseenSubjects())
        var ungated = DetectorConfiguration()
        ungated.walkingAloneSpeed = .infinity
        var gated = 0, withoutGate = 0
        for label in [PunchLabel.jab, .cross, .hook] {
            for i in 0..<3 {
                let walking = sliding(generator.clip(label, index: i).sequence, torsoLengthsPerSecond: 3)
                gated += detect(walking).events.count
                withoutGate += detect(walking, configuration: ungated).events.count
            }
        }
        #expect(gated == 0)
        #expect(withoutGate >= 3, "\(withoutGate) events without the gate in 9 sliding clips")
    }

    /// The sequence with its picture moved sideways at a steady pace (world coordinates, hip-centred, unchanged).
    private func sliding(_ s: SkeletonSequence, torsoLengthsPerSecond pace: Double) -> SkeletonSequence {
        let speed = pace * s.imageTorsoLength
        return changingFrames(s) { f in
            let dx = speed * (f.time - s.times[0])
            f.positions = f.positions.map { Vec3($0.x + dx, $0.y, $0.z) }
        }
    }

    /// The sequence with `change` made to every frame (its metadata kept).
    private func changingFrames(_ s: SkeletonSequence, _ change: (inout SkeletonFrame) -> Void) -> SkeletonSequence {
        var out = s.slice(frames: 0..<0)
        for i in 0..<s.frameCount {
            var f = s.frame(i)
            change(&f)
            out.append(f)
        }
        return out
    }

    /// A kick is not a punch, though the arms fly in it: punch clips whose one ankle rises 1.5 torso lengths in
    /// the picture while the arms punch (a foot lifted to hip height, as PRECOG's kicks do) give no event, and
    /// the same clips give events without the rule (`kickFootLift` infinite). Both ankles rising together (the
    /// hips going down, or a pose model's torso shrinking) is no kick: those clips keep every event.
    @Test func aFootLiftedWhileTheArmsPunchIsAKick() {
        let generator = ClipGenerator(seed: 5, subjects: unseenSubjects())
        var noRule = DetectorConfiguration()
        noRule.kickFootLift = .infinity
        var kicks = 0, kicksWithoutRule = 0, crouches = 0, plain = 0, namedKick = 0
        for label in [PunchLabel.jab, .cross, .hook] {
            for i in 0..<3 {
                let clip = generator.clip(label, index: i)
                let span = (clip.punches[0].start - 0.1)...(clip.punches[0].end + 0.1)
                let kick = liftingAnkles(clip.sequence, during: span, left: true, right: false)
                kicks += detect(kick).events.count
                namedKick += StreamRunner.run(shippedModel, kick).runs.filter { $0.droppedBy.contains(.kick) }.count
                kicksWithoutRule += detect(kick, configuration: noRule).events.count
                let crouch = liftingAnkles(clip.sequence, during: span, left: true, right: true)
                crouches += detect(crouch).events.count
                plain += detect(crouch, configuration: noRule).events.count
            }
        }
        #expect(kicks == 0)
        // The runs the rule dropped say so (`classify --runs-out`, `evaluate`'s table of runs).
        #expect(namedKick >= kicksWithoutRule, "\(namedKick) runs dropped as kicks, \(kicksWithoutRule) events without the rule")
        #expect(kicksWithoutRule >= 5, "\(kicksWithoutRule) events without the rule in 9 kicking clips")
        #expect(crouches == plain && plain >= 5, "both feet up: \(crouches) events, \(plain) without the rule")
    }

    /// The sequence with the chosen ankles seen (confidence 1) and raised in the picture by 1.5 image torso
    /// lengths over `span` (a smooth rise and fall, half a sine), the rest unchanged.
    private func liftingAnkles(_ s: SkeletonSequence, during span: ClosedRange<Double>, left: Bool, right: Bool) -> SkeletonSequence {
        let lift = 1.5 * s.imageTorsoLength
        let ankles = (left ? [Joint.leftAnkle.rawValue] : []) + (right ? [Joint.rightAnkle.rawValue] : [])
        return changingFrames(s) { f in
            let phase = (f.time - span.lowerBound) / (span.upperBound - span.lowerBound)
            let up = span.contains(f.time) ? lift * sin(.pi * phase) : 0
            for a in ankles { f.positions[a].y -= up }
            // Both ankles are seen, the lifted and the other: the rule reads both feet.
            f.confidences[Joint.leftAnkle.rawValue] = 1
            f.confidences[Joint.rightAnkle.rawValue] = 1
        }
    }

    /// A stance fixed mid-stream (the coach's `s` key) reads every later window through the new mirror: a
    /// southpaw taken for an orthodox boxer gets, after the fix, the events a detector told "southpaw" from
    /// the start gives.
    @Test func aStanceFixedMidStreamReadsTheRestThroughIt() {
        let southpaws = unseenSubjects(301...340).filter { $0.stance == .southpaw }.prefix(2)
        let generator = ClipGenerator(seed: 8, subjects: Array(southpaws), options: SynthOptions(camera: .front(yaw: 0.3)))
        var orthodox = DetectorConfiguration(), southpaw = DetectorConfiguration()
        orthodox.stance = .orthodox
        southpaw.stance = .southpaw
        var compared = 0
        for label in [PunchLabel.jab, .cross] {
            for i in 0..<3 {
                let clip = generator.clip(label, index: i)
                let fixAt = clip.punches[0].start - 0.4
                let switched = PunchDetector(classifier: shippedModel, configuration: orthodox)
                var events: [DetectedEvent] = []
                for f in 0..<clip.sequence.frameCount {
                    let frame = clip.sequence.frame(f)
                    if frame.time >= fixAt && switched.stance == .orthodox { switched.fixStance(.southpaw) }
                    events += switched.push(frame)
                }
                events += switched.finish()
                #expect(switched.stance == .southpaw)
                let reference = detect(clip.sequence, configuration: southpaw).events.filter { $0.event.start >= fixAt }
                let after = events.filter { $0.event.start >= fixAt }
                #expect(after.map { "\($0.event.label)/\($0.event.hand)" } == reference.map { "\($0.event.label)/\($0.event.hand)" },
                        "\(clip.name): \(after.map(\.event.label)) vs \(reference.map(\.event.label))")
                compared += reference.count
            }
        }
        #expect(compared >= 4)
    }

    /// Every run the detector opens is heard when it closes: the events are exactly the runs whose verdict is
    /// `event` (same times and labels), and every other run names at least one rule that dropped it.
    @Test func everyRunIsReportedWithWhatBecameOfIt() {
        let generator = RoundGenerator(seed: 9, subjects: unseenSubjects())
        let round = generator.round(index: 0, seconds: 30)
        let detector = PunchDetector(classifier: shippedModel)
        var runs: [ClosedRun] = []
        detector.onRunClosed = { runs.append($0) }
        var events: [DetectedEvent] = []
        for f in 0..<round.sequence.frameCount { events += detector.push(round.sequence.frame(f)) }
        events += detector.finish()
        let kept = runs.filter(\.isEvent)
        #expect(events.count >= 5)
        #expect(kept.map { "\($0.start) \($0.end) \($0.label)" } == events.map { "\($0.event.start) \($0.event.end) \($0.event.label)" })
        #expect(runs.count > kept.count, "a 30-s round with guard movements opens runs that are dropped")
        #expect(runs.allSatisfy { $0.isEvent || $0.verdict != "event" && !$0.droppedBy.isEmpty })
        #expect(RunTally(runs).events == events.count && RunTally(runs).runs == runs.count)
    }

    @Test func nobodyInViewGivesNoEventsAndSaysSo() {
        let detector = PunchDetector(classifier: shippedModel)
        var events: [DetectedEvent] = []
        for f in 0..<150 { events += detector.push(.empty(time: Double(f) / 30, jointCount: 17, withWorld: true)) }
        events += detector.finish()
        #expect(events.isEmpty)
        #expect(detector.state == .noPerson)
        // Then somebody steps in.
        let clip = ClipGenerator(seed: 9, subjects: unseenSubjects()).clip(.stance, index: 0)
        let later = PunchDetector(classifier: shippedModel)
        for f in 0..<60 { _ = later.push(.empty(time: Double(f) / 30, jointCount: 17, withWorld: true)) }
        #expect(later.state == .noPerson)
        for f in 0..<clip.sequence.frameCount {
            var frame = clip.sequence.frame(f)
            frame.time += 2
            _ = later.push(frame)
        }
        #expect(later.state == .ok)
    }

    /// The same motion filmed at 60 fps and at a jittery 25 fps gives the same events: the same labels at the
    /// same times in at least 80 % of 60 clips (12 of each punch). Not in every clip: a marginal decision
    /// (jab or double jab, a feint before the punch) flips under any change of the frames, as
    /// `DroppedFramesTests` says. Measured: the synthetic-only generator-4 model 53 of 60, the model with
    /// PRECOG's people 51 of 60 (a double jab read as a jab, a feint before the punch seen at one rate only).
    @Test func jittery25fpsGivesTheSameEventsAs60fps() {
        let subjects = unseenSubjects()
        var compared = 0, same = 0, flips: [String] = []
        for (l, label) in [PunchLabel.jab, .cross, .hook, .uppercut, .doubleJab].enumerated() {
            for i in 0..<12 {
                let index = l + 5 * i
                let fast = ClipGenerator(seed: 10, subjects: subjects, options: SynthOptions(camera: .front(), fps: 60)).clip(label, index: index)
                let slow = ClipGenerator(seed: 10, subjects: subjects, options: SynthOptions(camera: .front(), fps: 25)).clip(label, index: index)
                #expect(fast.punches == slow.punches, "same motion")
                let a = detect(fast.sequence).events, b = detect(slow.sequence).events
                compared += 1
                // Starts within 0.15 s: at 25 fps a frame is 40 ms, and the extractor's smoothing (generator 3)
                // lags differently at the two rates. Ends within 0.3 s: the end is where the punch probability
                // sinks during the slow, flat retraction (as in `DroppedFramesTests`).
                let together = a.map(\.event.label) == b.map(\.event.label) && zip(a, b).allSatisfy {
                    abs($0.event.start - $1.event.start) < 0.15 && abs($0.event.end - $1.event.end) < 0.3
                }
                if together { same += 1 } else {
                    flips.append("\(fast.name): \(a.map { "\($0.event.label)@\(String(format: "%.2f", $0.event.start))" }) vs "
                                 + "\(b.map { "\($0.event.label)@\(String(format: "%.2f", $0.event.start))" })")
                }
            }
        }
        #expect(Double(same) >= 0.8 * Double(compared), "\(same) of \(compared) clips the same; \(flips)")
        print("jittery25fpsGivesTheSameEventsAs60fps: \(same) of \(compared) clips the same; \(flips)")
    }
}
