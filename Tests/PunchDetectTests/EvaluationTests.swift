import Foundation
import Testing
@testable import PunchDetect
import PunchKit
import PunchModel
import PunchSynth

/// `punchcoach evaluate`'s arithmetic and rules on hand-built cases: label families, the camera
/// breakdown, false punch events per minute, short clips.
@Suite struct EvaluationTests {
    static let classes = ["jab", "double_jab", "cross", "hook", "uppercut", "stance", "idle"]

    /// `straight=jab,double_jab,cross`: truth and prediction are both mapped, so the matrix is square over
    /// the families, a jab called a cross is a hit, and a truth label the model does not have (cs229's
    /// `straight`) is scored against the same family.
    @Test func labelFamiliesAreScoredOnBothSides() throws {
        let merge = try LabelMerge(parsing: ["straight=jab,double_jab,cross"])
        let r = { (t: String, p: String) in DatasetEvaluation.ClipResult(name: "\(t)-\(p)", truth: t, predicted: p) }
        let results = [r("jab", "cross"), r("cross", "double_jab"), r("straight", "jab"), r("hook", "jab"),
                       r("hook", "hook"), r("uppercut", "stance"), r("jab", "idle")]
        let report = DatasetEvaluator.score(results, classes: Self.classes, merge: merge)
        #expect(report.confusion.labels == ["straight", "hook", "uppercut", "stance", "idle"])
        let straight = try #require(report.scores(for: "straight"))
        #expect(straight.support == 4)
        #expect(abs(straight.recall - 3.0 / 4) < 1e-12)     // jab→cross, cross→double_jab, straight→jab; jab→idle missed
        #expect(abs(straight.precision - 3.0 / 4) < 1e-12)  // the hook called a jab is a false straight
        let hook = try #require(report.scores(for: "hook"))
        #expect(hook.support == 2 && hook.recall == 0.5 && hook.precision == 1)
        #expect(report.confusion.counts[1][0] == 1, "hook → straight")
        #expect(report.confusion.counts[2][3] == 1, "uppercut → stance")
        #expect(report.confusion.correct == 4 && report.confusion.total == 7)
        // Without families the same results score jab and cross apart.
        let plain = DatasetEvaluator.score(results, classes: Self.classes)
        #expect(plain.confusion.labels == Self.classes + ["straight"])
        #expect(plain.scores(for: "jab")!.recall == 0)
    }

    @Test func badFamiliesAreRefusedSayingWhy() {
        for bad in [["straight"], ["=jab"], ["straight="], ["a=jab", "b=jab"], ["a=jab", "a=cross"], ["a=jab,jab"]] {
            #expect(throws: LabelMergeError.self, "\(bad)") { try LabelMerge(parsing: bad) }
        }
        let m = try? LabelMerge(parsing: ["jab=jab,double_jab"])
        #expect(m?.map("double_jab") == "jab" && m?.map("jab") == "jab" && m?.map("hook") == "hook")
    }

    /// Clips are grouped by 20° yaw bins, stance and selfie view; each group has its own macro-F1.
    @Test func clipsAreGroupedByCamera() throws {
        func clip(_ yaw: Double?, _ stance: String?, _ selfie: Bool?, _ truth: String, _ predicted: String) -> DatasetEvaluation.ClipResult {
            .init(name: "c", truth: truth, predicted: predicted, camera: CameraTag(yaw: yaw, stance: stance, selfie: selfie))
        }
        let clips = [
            clip(-85, "orthodox", false, "jab", "jab"), clip(-80.5, "orthodox", false, "hook", "jab"),  // [-100, -80)
            clip(-79.9, "orthodox", false, "jab", "jab"),                                              // [-80, -60)
            clip(5, "southpaw", true, "hook", "hook"), clip(19.99, "southpaw", true, "jab", "jab"),      // [0, 20)
            clip(5, "southpaw", false, "jab", "cross"),                                                  // same bin, not selfie
            clip(nil, nil, nil, "jab", "jab"),                                                           // a real clip: no camera
        ]
        let evaluation = DatasetEvaluation(report: DatasetEvaluator.score(clips, classes: Self.classes), clips: clips)
        let groups = CameraBreakdown.groups(evaluation)
        #expect(groups.map(\.yawMin) == [-100, -80, 0, 0, nil])
        #expect(groups.map(\.yawMax) == [-80, -60, 20, 20, nil])
        #expect(groups.map(\.stance) == ["orthodox", "orthodox", "southpaw", "southpaw", nil])
        #expect(groups.map(\.selfie) == [false, false, false, true, nil])
        #expect(groups.map(\.clips) == [2, 1, 1, 2, 1])
        // [-100, -80): jab P 0.5 R 1 (F1 2/3), hook R 0 → macro-F1 1/3.
        #expect(abs(groups[0].macroF1 - 1.0 / 3) < 1e-12)
        #expect(groups[2].macroF1 == 0 && groups[3].macroF1 == 1 && groups[4].macroF1 == 1)
        // The tag is read from the clip's first line, as `synth` writes it.
        var s = SkeletonSequence(layout: .canonical, units: .m)
        s.extra = [.init("camera_yaw", "-43.0"), .init("stance", "southpaw"), .init("selfie", "1")]
        #expect(CameraTag(s) == CameraTag(yaw: -43, stance: "southpaw", selfie: true))
        #expect(CameraBreakdown.binStart(-43) == -60 && CameraBreakdown.binStart(0) == 0 && CameraBreakdown.binStart(-0.1) == -20)
    }

    /// Fisher's exact test against the textbook case: eight cups of tea, four with the milk poured first; all
    /// four told right by chance is 1 in C(8,4) = 70, three or more (16 + 1) in 70 (Agresti 2013, §3.5.2).
    @Test func fishersExactTestReadsTheTeaTasting() {
        #expect(abs(FisherExactTest.upperTail(groupMisses: 4, groupSize: 4, misses: 4, total: 8) - 1.0 / 70) < 1e-12)
        #expect(abs(FisherExactTest.upperTail(groupMisses: 3, groupSize: 4, misses: 4, total: 8) - 17.0 / 70) < 1e-12)
        #expect(FisherExactTest.upperTail(groupMisses: 0, groupSize: 10, misses: 5, total: 100) == 1)
        #expect(FisherExactTest.upperTail(groupMisses: 3, groupSize: 10, misses: 2, total: 100) == 0)
    }

    /// Each camera group's accuracy carries an interval that holds for all groups together (Bonferroni over
    /// the groups), and a group is called weaker than the rest only when it holds more of the set's misses than
    /// chance would deal it (Fisher's exact test), not for one unlucky clip in a small bin.
    @Test func cameraGroupsAreWeakOnlyBeyondChance() throws {
        #expect(abs(ScoreInterval.z(twoSided: 0.95) - ScoreInterval.z95) < 1e-6)
        #expect(abs(CameraBreakdown.intervalZ(groups: 1) - ScoreInterval.z95) < 1e-6)
        #expect(abs(CameraBreakdown.intervalZ(groups: 3) - 2.39398) < 1e-4)    // Φ⁻¹(1 − 0.05 / 6)
        #expect(abs(CameraBreakdown.intervalZ(groups: 40) - 3.22722) < 1e-4)   // Φ⁻¹(1 − 0.05 / 80)
        func clips(_ yaw: Double, right: Int, wrong: Int) -> [DatasetEvaluation.ClipResult] {
            let tag = CameraTag(yaw: yaw, stance: "orthodox", selfie: false)
            return (0..<right).map { _ in .init(name: "r", truth: "jab", predicted: "jab", camera: tag) }
                + (0..<wrong).map { _ in .init(name: "w", truth: "jab", predicted: "hook", camera: tag) }
        }
        func groups(_ all: [DatasetEvaluation.ClipResult]) -> [CameraBreakdown.Group] {
            CameraBreakdown.groups(DatasetEvaluation(report: DatasetEvaluator.score(all, classes: Self.classes), clips: all))
        }
        // A collapsed side view, a large square-on bin, and a small bin with one miss.
        let three = groups(clips(-90, right: 10, wrong: 30) + clips(0, right: 200, wrong: 0) + clips(60, right: 9, wrong: 1))
        #expect(three.map(\.yawMin) == [-100, 0, 60])
        let z = CameraBreakdown.intervalZ(groups: 3)
        for (g, (hits, n)) in zip(three, [(10, 40), (200, 200), (9, 10)]) {
            let expected = try #require(ScoreInterval.wilson(successes: hits, trials: n, z: z))
            let interval = try #require(g.accuracyInterval)
            #expect(abs(interval.low - expected.low) < 1e-12 && abs(interval.high - expected.high) < 1e-12)
            #expect(interval.low <= g.accuracy && g.accuracy <= interval.high)
        }
        #expect(three[0].missesByChance < 1e-20 && three[1].missesByChance == 1 && three[2].missesByChance > 0.5)
        #expect(three.map(\.weakerThanTheRest) == [true, false, false])
        // One miss in a bin of ten while the other 200 clips are all right: 10 in 210 by chance, above 5 % / 2.
        let one = groups(clips(0, right: 200, wrong: 0) + clips(60, right: 9, wrong: 1))
        #expect(abs(one[1].missesByChance - 10.0 / 210) < 1e-12)
        #expect(one.map(\.weakerThanTheRest) == [false, false])
        // Three misses in that bin: C(10,3) / C(210,3), beyond chance.
        let threeMisses = groups(clips(0, right: 200, wrong: 0) + clips(60, right: 7, wrong: 3))
        #expect(abs(threeMisses[1].missesByChance - 120.0 / 1_521_520) < 1e-12)
        #expect(threeMisses.map(\.weakerThanTheRest) == [false, true])
    }

    /// The worst camera group beside the worst that chance gives: misses piled on one camera read far below any
    /// deal; the same misses spread evenly read as an ordinary deal; groups under 20 clips are not read.
    @Test func theWorstCameraGroupIsReadAgainstChance() throws {
        func group(_ yaw: Double, clips: Int, misread: Int) -> CameraBreakdown.Group {
            .init(yawMin: yaw, yawMax: yaw + 20, stance: "orthodox", selfie: false, clips: clips, macroF1: 0,
                  accuracy: 1 - Double(misread) / Double(clips), misread: misread, apparentYaw: nil, accuracyInterval: nil,
                  missesByChance: 1, weakerThanTheRest: false)
        }
        let piled = try #require(WorstGroupByChance([0, 20, 40, 60].map { group($0, clips: 100, misread: $0 == 60 ? 8 : 0) }
                                                     + [group(80, clips: 5, misread: 0)]))
        #expect(piled.observed == 0.92)
        #expect(piled.low <= piled.median && piled.median <= piled.high)
        #expect(piled.median >= 0.96 && piled.shareAsLow < 0.01, "\(piled)")
        let spread = try #require(WorstGroupByChance([0, 20, 40, 60].map { group($0, clips: 100, misread: 2) }))
        #expect(spread.observed == 0.98 && spread.shareAsLow > 0.9, "\(spread)")
        #expect(WorstGroupByChance([0, 20, 40, 60].map { group($0, clips: 100, misread: 2) }) == spread, "a fixed seed")
        // A group of 5 with 2 misses is the lowest of all, but too small to be the worst read.
        let small = try #require(WorstGroupByChance([group(0, clips: 100, misread: 1), group(20, clips: 5, misread: 2)]))
        #expect(small.observed == 0.99)
        #expect(WorstGroupByChance([group(0, clips: 19, misread: 1)]) == nil)
    }

    /// Clips are grouped by apparent view in the bins' order, unknown last; each group is scored on its own clips.
    @Test func clipsAreGroupedByApparentView() {
        func clip(_ yaw: Double?, _ truth: String, _ predicted: String) -> DatasetEvaluation.ClipResult {
            // A shoulder ratio whose apparent yaw is `yaw`.
            .init(name: "c", truth: truth, predicted: predicted,
                  view: yaw.map { ApparentView(shoulderRatio: ApparentView.frontalRatio * cos($0 * .pi / 180), frames: 10) })
        }
        let clips = [clip(75, "jab", "hook"), clip(89, "hook", "hook"), clip(10, "jab", "jab"), clip(nil, "jab", "jab"),
                     clip(29.9, "hook", "jab"), clip(30.1, "jab", "jab")]
        let groups = ViewBreakdown.groups(DatasetEvaluation(report: DatasetEvaluator.score(clips, classes: Self.classes), clips: clips))
        #expect(groups.map(\.view) == ["frontal", "three-quarter", "side-on", "unknown"])
        #expect(groups.map(\.clips) == [2, 1, 2, 1])
        #expect(groups[0].report.scores(for: "jab")?.recall == 1 && groups[0].report.scores(for: "hook")?.recall == 0)
        #expect(groups[2].report.confusions(of: "jab").first?.label == "hook")
        #expect(groups[3].shoulderRatio == nil && abs(groups[1].shoulderRatio! - ApparentView.frontalRatio * cos(30.1 * .pi / 180)) < 1e-12)
    }

    /// The apparent view reads the shoulders' turn from the picture: a body turned by `yaw` about the vertical
    /// (orthographic view) shows shoulders `cos yaw` as wide over an unchanged torso; frames without both hips do not
    /// count, and a clip without any is unknown.
    @Test func apparentViewReadsTheShouldersTurn() throws {
        let w = ApparentView.frontalRatio * 100, torso = 100.0
        func clip(yaw: Double, hipsSeen: (Int) -> Bool = { _ in true }) -> SkeletonSequence {
            var s = SkeletonSequence(layout: .canonical, units: .px)
            let c = cos(yaw * .pi / 180)
            for f in 0..<9 {
                var p = [Vec3](repeating: Vec3(400, 300, 0), count: JointLayout.canonical.count)
                var conf = [Double](repeating: 1, count: p.count)
                p[Joint.leftShoulder.rawValue] = Vec3(400 + w / 2 * c, 200, 0)
                p[Joint.rightShoulder.rawValue] = Vec3(400 - w / 2 * c, 200, 0)
                p[Joint.leftHip.rawValue] = Vec3(400 + 20 * c, 200 + torso, 0)
                p[Joint.rightHip.rawValue] = Vec3(400 - 20 * c, 200 + torso, 0)
                if !hipsSeen(f) {
                    // An unseen hip where no body puts it: not read.
                    p[Joint.leftHip.rawValue] = Vec3(0, 0, 0)
                    conf[Joint.leftHip.rawValue] = 0
                }
                s.append(time: Double(f) / 30, positions: p, confidences: conf, world: nil)
            }
            return s
        }
        for (yaw, bin) in [(0.0, "frontal"), (45, "three-quarter"), (75, "side-on")] {
            let view = try #require(ApparentView(clip(yaw: yaw, hipsSeen: { $0 % 3 != 0 })))
            #expect(abs(view.yaw - yaw) < 1e-6 && view.bin == bin && view.frames == 6, "\(yaw): \(view)")
        }
        #expect(ApparentView(clip(yaw: 20, hipsSeen: { _ in false })) == nil)
        // Shoulders wider than a square-on body's (a Kinect's, PRECOG: 0.81) read square on, not an error.
        #expect(ApparentView(shoulderRatio: 0.81, frames: 1).yaw == 0)
    }

    /// False punch events per minute: detections matching no truth event over the recordings' minutes.
    @Test func falseEventsPerMinute() {
        func detected(_ start: Double, _ label: String) -> DetectedEvent {
            DetectedEvent(event: PunchEvent(start: start, end: start + 0.3, label: label, hand: .lead, confidence: 0.9, peakSpeed: 3),
                          emittedAt: start + 0.5, speedInMetres: true)
        }
        let truth = [PunchEvent(start: 10, end: 10.3, label: "jab", hand: .lead, confidence: 1, peakSpeed: 0),
                     PunchEvent(start: 20, end: 20.4, label: "cross", hand: .rear, confidence: 1, peakSpeed: 0),
                     PunchEvent(start: 30, end: 60, label: "idle", hand: .none, confidence: 1, peakSpeed: 0)]
        // One match (the jab), a cross called a hook (false), two punches in the idle stretch (false), and a
        // guard state that is no punch (not counted).
        let found = [detected(10.05, "jab"), detected(20, "hook"), detected(35, "jab"), detected(50, "uppercut"), detected(55, "stance")]
        let score = EventMatcher.score(detected: found, truth: truth, punchLabels: ["jab", "double_jab", "cross", "hook", "uppercut"],
                                       seconds: 90)
        #expect(score.truePositives == 1 && score.falsePositives == 3 && score.falseNegatives == 1)
        #expect(score.minutes == 1.5)
        #expect(abs(score.falsePerMinute! - 2) < 1e-12)
        // Without the recordings' length there is no rate (classify --truth).
        #expect(EventMatcher.score(detected: found, truth: truth, punchLabels: ["jab"]).falsePerMinute == nil)
    }

    /// A 0.3-s clip (BoxingVI's are 0.04–1 s) gets a label, held still at both ends; one frame is refused.
    @Test func aShortClipIsClassified() throws {
        let generator = ClipGenerator(seed: 5, subjects: unseenSubjects())
        let clip = generator.clip(.jab, index: 0)
        let punch = clip.punches[0]
        let short = clip.sequence.slice(from: punch.start, to: punch.start + 0.3)
        #expect(short.frameCount >= 2 && short.duration <= 0.3)
        let classifier = ClipClassifier(classifier: shippedModel)
        let padding = classifier.padding
        let padded = try padding.padded(short)
        #expect(padded.frameCount == padding.leadingFrames(for: short) + short.frameCount + padding.trailingFrames)
        #expect(abs((short.times.last! - padded.times.first!) - padding.windowSeconds) < 1 / padding.rate)
        #expect(padded.position(frame: 0, joint: Joint.leftWrist.rawValue) == short.position(frame: 0, joint: Joint.leftWrist.rawValue))
        #expect(padding.trailingFrames == 9 + 1 * (2 + 2) + 1)
        let outcome = try classifier.classify(short)
        #expect(outcome.padded)
        #expect(shippedModel.classes.contains(outcome.label))
        // A clip of a window or longer is streamed as it is.
        #expect(try padding.padded(clip.sequence) == clip.sequence)
        #expect(try !classifier.classify(clip.sequence).padded)
        #expect(throws: ClipTooShortError(frames: 1)) { try classifier.classify(short.slice(frames: 0..<1)) }
    }
}
