import Foundation
import PunchDetect
import PunchKit
import PunchSynth
import Testing

/// Dropped frames do not cost punches. A live pipeline misses the frames it cannot take in time (the
/// camera keeps only the newest, see `FrameCapture`), and a camera stamps frames with a jittery clock;
/// the detector resamples whatever arrives to 60 fps, so the boxing seen through either is the same.
///
/// Not every event is identical, and the test says how many are: a marginal decision of the detector
/// (jab or double jab, the hand of a hook, a feint merged into the punch after it) flips under any
/// perturbation, even ±10 ms of stamp jitter with every frame kept, in both directions. What must hold
/// is that the punches found against the truth do not drop, and that almost every event stays the same.
@Suite struct DroppedFramesTests {
    /// Four 60 s rounds by subjects never trained on, facing the camera as at a laptop, filmed at 30 fps
    /// like a webcam (the benchmark rounds' subjects and seed: `tools/benchmarks`). Four since generator 4:
    /// three of its rounds hold 27 punches, too few to compare.
    static let rounds: [(frames: [SkeletonFrame], truth: [PunchEvent])] = (0..<4).map { i in
        let round = RoundGenerator(seed: 12, subjects: SubjectPool.make(seed: 12, ids: 121...124),
                                   options: SynthOptions(camera: .front(), fps: 30)).round(index: i, seconds: 60)
        return ((0..<round.sequence.frameCount).map { round.sequence.frame($0) }, round.events)
    }
    static let reference: [[DetectedEvent]] = rounds.map { detect($0.frames) }

    enum Loss: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case everySecondFrameDropped, everyThirdFrameDropped, jitteredCaptureTimes, randomRunsDroppedAndJittered
        var testDescription: String { rawValue }

        /// The frames a live pipeline would have taken.
        func apply(_ frames: [SkeletonFrame]) -> [SkeletonFrame] {
            var rng = SeededRandom(seed: 3)
            switch self {
            case .everySecondFrameDropped:
                return frames.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
            case .everyThirdFrameDropped:
                return frames.enumerated().filter { $0.offset % 3 != 2 }.map(\.element)
            case .jitteredCaptureTimes:
                return frames.map { jitter($0, &rng) }
            case .randomRunsDroppedAndJittered:
                // A pose model now and then slower than the camera: runs of 1–3 frames missed.
                var out: [SkeletonFrame] = []
                var skip = 0
                for f in frames {
                    if skip > 0 { skip -= 1; continue }
                    out.append(jitter(f, &rng))
                    if rng.uniform(0, 1) < 0.2 { skip = Int(rng.uniform(1, 4)) }
                }
                return out
            }
        }

        /// A capture stamp off by up to ±10 ms (30 fps frames are 33 ms apart: the order stays).
        func jitter(_ frame: SkeletonFrame, _ rng: inout SeededRandom) -> SkeletonFrame {
            var f = frame
            f.time += rng.uniform(-0.010, 0.010)
            return f
        }
    }

    /// Over four minutes of boxing: at most 5 % fewer punches found against the truth and at
    /// most three more false events (0.75 a minute), and at least 80 % of the events the same — same label
    /// and hand, start within 0.1 s, end within 0.3 s. Measured with the synthetic-only generator-4 model:
    /// 46–49 of 49 punches found (48 with every frame), 6–7 false (6), 48–52 of 54 events the same; with the
    /// model that also learnt from PRECOG's people (shipped since the seventh stop on issue 12): 48–49 (48),
    /// 1–4 false (1), 44–49 of 49 the same — fewer false events in every case, but random runs of lost
    /// frames add three to its one. The margins leave room for another model, whose marginal decisions are others. 0.1 s is the widest gap between two frames that arrive (67 ms when every second frame is missed)
    /// plus the detector's two-step smoothing at 60 fps (33 ms): a punch's start is seen at the first
    /// frame that shows it. The end is where the punch probability sinks below the exit threshold during
    /// the retraction, which is slow and flat, so a frame more or less moves it further: 0.3 s is the
    /// tolerance of `classify --truth`'s matching.
    @Test(arguments: Loss.allCases)
    func theSamePunchesAreFound(_ loss: Loss) {
        var punches = 0, found = 0, foundWithAll = 0, falseEvents = 0, falseWithAll = 0, same = 0, events = 0
        var changed: [String] = []
        for (round, reference) in zip(Self.rounds, Self.reference) {
            let frames = loss.apply(round.frames)
            #expect(frames.count < round.frames.count || loss == .jitteredCaptureTimes)
            let detected = Self.detect(frames)
            let score = EventMatcher.score(detected: detected, truth: round.truth, punchLabels: punchLabels)
            let scoreWithAll = EventMatcher.score(detected: reference, truth: round.truth, punchLabels: punchLabels)
            punches += score.truePositives + score.falseNegatives
            found += score.truePositives; foundWithAll += scoreWithAll.truePositives
            falseEvents += score.falsePositives; falseWithAll += scoreWithAll.falsePositives
            for r in reference {
                let kept = detected.contains {
                    $0.event.label == r.event.label && $0.event.hand == r.event.hand
                        && abs($0.event.start - r.event.start) <= 0.1 && abs($0.event.end - r.event.end) <= 0.3
                }
                if kept { same += 1 } else { changed.append("\(r.event.label)/\(r.event.hand.rawValue)@\(String(format: "%.2f", r.event.start))") }
            }
            events += reference.count
        }
        #expect(foundWithAll >= 25 && events >= 30, "the rounds have punches to compare")
        #expect(Double(found) >= 0.95 * Double(foundWithAll), "\(loss): \(found) punches found, \(foundWithAll) with every frame")
        #expect(falseEvents <= falseWithAll + 3, "\(loss): \(falseEvents) false events, \(falseWithAll) with every frame")
        #expect(Double(same) >= 0.8 * Double(events), "\(loss): \(same) of \(events) events the same; changed: \(changed)")
        print("DroppedFramesTests \(loss): \(found) of \(punches) punches found (\(foundWithAll) with every frame), \(falseEvents) false "
              + "(\(falseWithAll)), \(same) of \(events) events the same")
    }

    /// The frames through a fresh detector, as a stream.
    static func detect(_ frames: [SkeletonFrame]) -> [DetectedEvent] {
        let detector = PunchDetector(classifier: shippedModel)
        var events: [DetectedEvent] = []
        for f in frames { events += detector.push(f) }
        return events + detector.finish()
    }
}
