import Foundation
import Testing
@testable import PunchSynth
import PunchKit

/// The pose-estimator errors of generator versions 3 and 4 (`ObservationModel`): what a monocular model does
/// to a punch, checked on the error model itself and on generated clips.
@Suite struct PoseErrorModelTests {
    /// A still body (17 points in the fight frame: x left, y down from the floor, z forward) whose left
    /// wrist shoots 0.4 m towards a camera in front within 0.2 s; read 50 ms after it arrives.
    private func punchTowardsTheCamera(_ model: ObservationModel) -> (guardZ: Double, outZ: Double, guardPx: Double, outPx: Double) {
        var observer = Observer(model: model, rng: SeededRandom(seed: 3))
        var base = (0..<17).map { j in Vec3(j % 2 == 0 ? 0.15 : -0.15, -1.6 + 0.04 * Double(j), 0) }
        base[11] = Vec3(0.1, -1.0, 0); base[12] = Vec3(-0.1, -1.0, 0)  // hips
        base[5] = Vec3(0.2, -1.45, 0); base[6] = Vec3(-0.2, -1.45, 0)  // shoulders
        var first: SkeletonFrame? = nil, last: SkeletonFrame? = nil
        for k in 0..<60 {
            let t = Double(k) / 60
            var joints = base
            let out = min(max((t - 0.3) / 0.2, 0), 1) * 0.4
            joints[9] = Vec3(0.2, -1.4, 0.25 + out)  // the fight frame's z points at the camera (yaw 0)
            let frame = observer.observe(time: t, joints: joints)
            if k == 15 { first = frame }
            if k == 33 { last = frame }
        }
        let g = first!, o = last!
        return ((g.world![9] - g.world![5]).z, (o.world![9] - o.world![5]).z, g.positions[9].y, o.positions[9].y)
    }

    private func model(gain: Double) -> ObservationModel {
        var rng = SeededRandom(seed: 1)
        var m = ObservationModel(camera: .front(), noise: true, rng: &rng)
        m.imageJitter = 0; m.worldJitter = 0; m.depthDrift = 0; m.worldScale = 1; m.dropoutRate = 0
        m.smoothing = nil; m.swapRate = 0; m.imageWander = 0
        m.depthMotionGain = gain
        m.depthAnchorTime = 1.5
        return m
    }

    @Test func fastDepthAlongTheRayIsCompressedButThePictureIsNot() {
        let exact = punchTowardsTheCamera(model(gain: 1))
        let blaze = punchTowardsTheCamera(model(gain: 0.1))
        // Towards the camera is −z in camera coordinates: the true wrist comes 0.4 m closer.
        #expect(abs((exact.outZ - exact.guardZ) + 0.4) < 0.02)
        // BlazePose-like: a tenth of that plus the anchor's slow catch-up over the half second out.
        let seen = -(blaze.outZ - blaze.guardZ)
        #expect(seen > 0.03 && seen < 0.15, "depth motion seen \(seen) m")
        // The picture keeps the whole motion.
        #expect(abs((blaze.outPx - blaze.guardPx) - (exact.outPx - exact.guardPx)) < 1e-9)
    }

    @Test func smoothingDelaysTheFastestMotion() {
        var smooth = model(gain: 1)
        smooth.smoothing = 1
        var rawObserver = Observer(model: model(gain: 1), rng: SeededRandom(seed: 3))
        var smoothObserver = Observer(model: smooth, rng: SeededRandom(seed: 3))
        var lagged = 0.0
        for k in 0..<40 {
            let t = Double(k) / 60
            // A wrist sweeping sideways at 4 m/s from t = 0.2 s.
            let x = 0.2 + max(t - 0.2, 0) * 4
            var joints = (0..<17).map { j in Vec3(0.1 * Double(j % 3), -1.6 + 0.04 * Double(j), 0) }
            joints[9] = Vec3(x, -1.4, 0.3)
            let raw = rawObserver.observe(time: t, joints: joints), smoothed = smoothObserver.observe(time: t, joints: joints)
            lagged = max(lagged, abs(raw.positions[9].x - smoothed.positions[9].x))
        }
        #expect(lagged > 2, "the one-euro filter trails a fast wrist by \(lagged) px")
    }

    /// The optional wander (`SynthSpec.imageWander`): a still body's joints drift in the picture by about `imageWander` torso lengths,
    /// slowly (a frame-to-frame step is a fraction of the drift), where without it they hold still.
    @Test func wanderDriftsAStillBodySlowly() {
        func hipHeights(wander: Double) -> (heights: [Double], torsoPx: Double) {
            var m = model(gain: 1)
            m.imageWander = wander
            m.wanderTime = 0.5
            var observer = Observer(model: m, rng: SeededRandom(seed: 7))
            var joints = (0..<17).map { j in Vec3(j % 2 == 0 ? 0.15 : -0.15, -1.6 + 0.04 * Double(j), 0) }
            joints[11] = Vec3(0.1, -1.0, 0); joints[12] = Vec3(-0.1, -1.0, 0)
            joints[5] = Vec3(0.2, -1.45, 0); joints[6] = Vec3(-0.2, -1.45, 0)
            var heights: [Double] = [], torso = 0.0
            for k in 0..<600 {
                let f = observer.observe(time: Double(k) / 60, joints: joints)
                heights.append(f.positions[11].y)
                torso = abs((f.positions[5].y + f.positions[6].y) / 2 - (f.positions[11].y + f.positions[12].y) / 2)
            }
            return (heights, torso)
        }
        let still = hipHeights(wander: 0).heights
        #expect(still.max()! - still.min()! < 1e-9)
        let (heights, torsoPx) = hipHeights(wander: 0.05)
        let mean = heights.reduce(0, +) / Double(heights.count)
        let drift = (heights.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(heights.count)).squareRoot() / torsoPx
        let steps = zip(heights, heights.dropFirst()).map { abs($1 - $0) }.sorted()
        let step = steps[steps.count / 2] / torsoPx
        #expect(drift > 0.025 && drift < 0.1, "the hip drifts \(drift) torso lengths")
        #expect(step < drift / 3, "a frame's step \(step) against a drift of \(drift)")
    }

    /// The optional motion blur (`SynthSpec.motionBlur`): a wrist sweeping sideways at 4 m/s, filmed at 30 fps
    /// square on, is seen somewhere along its streak with the shutter open (between where it was at the last frame and
    /// where it is, at a moment that changes from frame to frame), and, with the scatter across its motion, off its
    /// path by about that share of its step; a still wrist stays where it is either way.
    @Test func motionBlurPutsAFastWristAlongItsStreakAndScattersItAcross() {
        func sweep(exposure: Double, across: Double) -> (seen: [(Double, Double)], truth: [(Double, Double)]) {
            var m = model(gain: 1)
            m.outlierRate = 0
            m.exposure = exposure
            m.acrossScatter = across
            var observer = Observer(model: m, rng: SeededRandom(seed: 5))
            var still = model(gain: 1)
            still.outlierRate = 0
            var exact = Observer(model: still, rng: SeededRandom(seed: 5))
            var seen: [(Double, Double)] = [], truth: [(Double, Double)] = []
            for k in 0..<90 {
                let t = Double(k) / 30
                var joints = (0..<17).map { j in Vec3(0.1 * Double(j % 3), -1.6 + 0.04 * Double(j), 0) }
                joints[9] = Vec3(k < 10 ? 0 : 4 * (t - 1.0 / 3), -1.4, 0.3)
                let f = observer.observe(time: t, joints: joints), e = exact.observe(time: t, joints: joints)
                seen.append((f.positions[9].x, f.positions[9].y))
                truth.append((e.positions[9].x, e.positions[9].y))
            }
            return (seen, truth)
        }
        let (streak, truth) = sweep(exposure: 1, across: 0)
        let step = abs(truth[50].0 - truth[49].0)
        #expect(step > 10, "the wrist moves \(step) px a frame")
        var behind: [Double] = []
        for k in 11..<90 {
            // Along the motion only, between the last frame's place and this one's.
            let back = (truth[k].0 - streak[k].0) / (truth[k].0 - truth[k - 1].0)
            #expect(back >= -1e-9 && back <= 1 + 1e-9 && abs(streak[k].1 - truth[k].1) < 1e-6, "frame \(k): \(back)")
            behind.append(back)
        }
        #expect(Set(behind.map { Int($0 * 4) }).count >= 3, "the moment within the exposure changes: \(behind)")
        #expect((0..<10).allSatisfy { abs(streak[$0].0 - truth[$0].0) < 1e-9 }, "a still wrist is not blurred")
        let (scattered, _) = sweep(exposure: 0, across: 0.3)
        let off = (11..<90).map { (scattered[$0].1 - truth[$0].1) / step }
        let sd = (off.map { $0 * $0 }.reduce(0, +) / Double(off.count)).squareRoot()
        #expect(sd > 0.2 && sd < 0.4, "across: \(sd) of a step")
        #expect((11..<90).allSatisfy { abs(scattered[$0].0 - truth[$0].0) < 1e-6 }, "nothing along the motion")
    }

    /// One punch clip in seven comes from hands down and goes back down; the time around it is idle.
    @Test func someStraightPunchesAreThrownFromHandsDown() {
        let g = ClipGenerator(seed: 5, subjects: SubjectPool.make(seed: 5, ids: 1...6), options: SynthOptions(noise: false, camera: .front(), fps: 30))
        let clips = (0..<70).map { g.clip(.cross, index: $0) }
        let fromHandsDown = clips.filter { $0.annotations.first?.label == "idle" }
        #expect(fromHandsDown.count >= 4 && fromHandsDown.count <= 20, "\(fromHandsDown.count) of 70")
        for clip in fromHandsDown {
            #expect(clip.annotations.map(\.label) == ["idle", "cross", "idle"])
            let s = clip.sequence
            // Before the punch both wrists hang below the elbows; at the punch the rear wrist is out.
            let w = { (j: Joint, f: Int) in s.worldPosition(frame: f, joint: j.rawValue) }
            let rear = clip.subject.stance == .orthodox ? Joint.rightWrist : .leftWrist
            let rearElbow = clip.subject.stance == .orthodox ? Joint.rightElbow : .leftElbow
            #expect(w(rear, 0).y > w(rearElbow, 0).y + 0.1, "\(clip.name): the wrist hangs below the elbow")
        }
    }

    @Test func kicksSendAFootOutAndBack() {
        let subject = SubjectPool.make(seed: 2, ids: 1...1)[0]
        var ch = Choreography(subject: subject, ambient: .still)
        ch.add(PostureChange(start: -2, end: -1, from: 0, to: 1))
        ch.add(IdleGesture(start: 0, end: 1, kind: .frontKick, hand: .rear, rate: 1, size: 1, phase: 0))
        let rearAnkle = subject.stance == .orthodox ? Joint.rightAnkle : .leftAnkle
        let before = ch.joints(at: 0)[rearAnkle.rawValue], middle = ch.joints(at: 0.5)[rearAnkle.rawValue]
        let after = ch.joints(at: 1)[rearAnkle.rawValue]
        #expect((middle - before).length > 0.5, "the foot travels \((middle - before).length) m")
        #expect((after - before).length < 0.05)
    }
}
