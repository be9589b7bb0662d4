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

    /// The same motion filmed at 60 fps and at a jittery 25 fps gives the same events.
    @Test func jittery25fpsGivesTheSameEventsAs60fps() {
        let subjects = unseenSubjects()
        var compared = 0
        for (i, label) in [PunchLabel.jab, .cross, .hook, .uppercut, .doubleJab].enumerated() {
            let fast = ClipGenerator(seed: 10, subjects: subjects, options: SynthOptions(camera: .front(), fps: 60)).clip(label, index: i)
            let slow = ClipGenerator(seed: 10, subjects: subjects, options: SynthOptions(camera: .front(), fps: 25)).clip(label, index: i)
            #expect(fast.punches == slow.punches, "same motion")
            let a = detect(fast.sequence).events, b = detect(slow.sequence).events
            #expect(a.map(\.event.label) == b.map(\.event.label), "\(label): \(a.map(\.event.label)) vs \(b.map(\.event.label))")
            for (x, y) in zip(a, b) {
                // 0.15 s: at 25 fps a frame is 40 ms, and the extractor's smoothing (generator 3) lags
                // differently at the two rates.
                #expect(abs(x.event.start - y.event.start) < 0.15 && abs(x.event.end - y.event.end) < 0.15,
                        "\(label): \(x.event.start)–\(x.event.end) vs \(y.event.start)–\(y.event.end)")
            }
            compared += a.count
        }
        #expect(compared >= 5)
    }
}
