import Foundation
import Testing
@testable import PunchKit

@Suite struct NormalisationTests {
    @Test func mirroringTwiceIsIdentityAndSwapsSides() {
        let s = standingFigure(times: (0..<10).map { Double($0) / 60 }) { t in Vec3(0.2 + t, -0.45, 2.6) }
        let m = s.mirrored()
        #expect(m.mirrored() == s)
        let lw = Joint.leftWrist.rawValue, rw = Joint.rightWrist.rawValue
        #expect(m.position(frame: 3, joint: rw) == Vec3(-s.position(frame: 3, joint: lw).x,
                                                         s.position(frame: 3, joint: lw).y,
                                                         s.position(frame: 3, joint: lw).z))
        #expect(JointLayout.kinect20.mirrorIndex[4] == 8)  // shoulder_left ↔ shoulder_right
    }

    /// The body frame removes where the camera stands: translating, scaling and turning the boxer
    /// about the vertical changes no feature of the 3D block (the picture does change with the yaw).
    @Test func bodyFeaturesIgnoreCameraPlacement() {
        let s = standingFigure(times: (0..<120).map { Double($0) / 60 }) { t in Vec3(0.2, -0.45, 2.6 - 0.3 * sin(9 * t)) }
        let yaw = Rotation3.aboutY(0.9)
        let moved = s.mapPoints { yaw.apply($0) * 1.7 + Vec3(0.4, -0.2, 1.1) }
        let fx = FeatureExtractor()
        let a = fx.features(SequenceWindow(s, start: 0, length: 120), mirror: false)
        let b = fx.features(SequenceWindow(moved, start: 0, length: 120), mirror: false)
        let T = 120
        let diff = FeatureExtractor.Channel.body.flatMap { c in (0..<T).map { abs(a[c * T + $0] - b[c * T + $0]) } }.max()!
        #expect(diff < 1e-4, "max difference \(diff)")
        let view = (0..<FeatureExtractor.Channel.body.lowerBound).flatMap { c in (0..<T).map { abs(a[c * T + $0] - b[c * T + $0]) } }.max()!
        #expect(view > 0.05, "the picture of a turned boxer is another picture")
    }

    /// The picture is normalised by the image torso: moving and zooming it changes no feature at all.
    @Test func viewFeaturesIgnoreWhereAndHowLargeThePictureIs() {
        let s = standingFigure(times: (0..<120).map { Double($0) / 60 }, world: false) { t in Vec3(0.2 + 0.3 * sin(9 * t), -0.45, 2.6) }
        let zoomed = s.mapPoints { $0 * 640 + Vec3(320, 240, 0) }
        let fx = FeatureExtractor()
        let a = fx.features(SequenceWindow(s, start: 0, length: 120), mirror: false)
        let b = fx.features(SequenceWindow(zoomed, start: 0, length: 120), mirror: false)
        let diff = zip(a, b).map { abs($0 - $1) }.max()!
        #expect(diff < 1e-3, "max difference \(diff)")
    }

    /// 2D pose tools place the hips worst of the trunk (BoxingForm's MediaPipe hips jump by up to half a torso
    /// length while the shoulders hold still). A frame whose torso is more than 30 % longer or shorter than the
    /// window's median is centred on its shoulders plus the usual shoulder → hip offset, so such jumps move the
    /// hips' and legs' own channels and nothing else; a smaller change is the body's, and the centre follows it.
    @Test func hipsThatJumpMoveOnlyTheirOwnChannels() {
        let s = standingFigure(times: (0..<120).map { Double($0) / 60 }, world: false) { t in Vec3(0.2 + 0.3 * sin(9 * t), -0.45, 2.6) }
        func withHipsMoved(_ dy: (Int) -> Double) -> SkeletonSequence {
            var out = SkeletonSequence(layout: .canonical, units: .m, source: "test", hasWorld: false)
            for f in 0..<s.frameCount {
                var p = (0..<17).map { s.position(frame: f, joint: $0) }
                for j in [Joint.leftHip, .rightHip, .leftKnee, .rightKnee, .leftAnkle, .rightAnkle] { p[j.rawValue].y += dy(f) }
                out.append(time: s.times[f], positions: p, confidences: Array(repeating: 0.95, count: 17))
            }
            return out
        }
        // The torso is 0.45 m: jumps of +0.4 and −0.35 torso lengths in 26 frames of 120, as a tool's.
        let jumping = withHipsMoved { f in (40..<55).contains(f) ? 0.18 : (80..<91).contains(f) ? -0.16 : 0 }
        // 0.2 torso lengths for a while: within what a body does.
        let bending = withHipsMoved { f in (40..<55).contains(f) ? 0.09 : 0 }
        let fx = FeatureExtractor(), T = 120
        func features(_ q: SkeletonSequence) -> [Float] { fx.features(SequenceWindow(q, start: 0, length: T), mirror: false) }
        let (still, jumped, bent) = (features(s), features(jumping), features(bending))
        typealias C = FeatureExtractor.Channel
        func largest(_ a: [Float], _ b: [Float], _ channels: [Int]) -> Float {
            channels.flatMap { c in (0..<T).map { abs(a[c * T + $0] - b[c * T + $0]) } }.max()!
        }
        // Picture channels hold x, y per body joint: joints 0–5 are the shoulders, elbows and wrists, 6 and 7 the hips.
        let upperBodyAxes: [Int] = Array(0..<12)
        let upperBody: [Int] = upperBodyAxes.map { C.image + $0 } + upperBodyAxes.map { C.imageVelocity + $0 }
        let root: [Int] = [C.imageRoot, C.imageRoot + 1]
        let hips: [Int] = [C.image + 13, C.image + 15]
        #expect(largest(still, jumped, upperBody + root) < 1e-5)
        #expect(largest(still, jumped, hips) > 0.3, "the hips' own channels still show the jump")
        #expect(largest(still, bent, root) > 0.1, "a body's own move still moves the centre")
    }

    /// 2D keypoints (no depth) give the same picture channels, a depth flag of 0 and an empty 3D block;
    /// after standardisation (`PunchClassifier.standardise`) that block reads 0.
    @Test func twoDimensionalInputFillsOnlyThePicture() {
        var s = standingFigure(times: (0..<120).map { Double($0) / 60 }, world: false) { t in Vec3(0.2 + 0.3 * sin(9 * t), -0.45, 2.6) }
        let fx = FeatureExtractor()
        let with3D = fx.features(SequenceWindow(s, start: 0, length: 120), mirror: false)
        s.units = .px
        s.hasDepth = false
        let flat = fx.features(SequenceWindow(s, start: 0, length: 120), mirror: false)
        let T = 120, flag = FeatureExtractor.Channel.depthFlag
        #expect(with3D[flag * T] == 1 && flat[flag * T] == 0)
        #expect(Array(with3D[0..<(flag * T)]) == Array(flat[0..<(flag * T)]))
        #expect(FeatureExtractor.Channel.body.allSatisfy { c in (0..<T).allSatisfy { flat[c * T + $0] == 0 } })
    }

    /// Foreshortening reads how far a bone points along the camera ray from its picture alone: a forearm
    /// pointing straight at the lens (no length in the picture) reads 1, the same forearm lying across
    /// the picture reads 0, whatever the depth the source says (here a 2D source).
    @Test func foreshorteningReadsABoneTurnedTowardsTheCamera() {
        let elbow = Vec3(0.22, -0.25, 2.8)
        var s = standingFigure(times: (0..<120).map { Double($0) / 60 }, world: false) { t in
            t < 1 ? elbow + Vec3(0, 0, -0.25) : elbow + Vec3(0.25, 0, 0)
        }
        s.units = .px
        s.hasDepth = false
        let f = FeatureExtractor().features(SequenceWindow(s, start: 0, length: 120), mirror: false)
        let T = 120, leftForearm = FeatureExtractor.Channel.imageForeshortening + 1
        #expect(abs(f[leftForearm * T + 30] - 1) < 1e-6)
        #expect(abs(f[leftForearm * T + 90]) < 1e-6)
        // The right upper arm never moves and is shorter in the picture (0.204 m / 0.45 m torso = 0.453
        // torso lengths) than human proportions allow (0.646): read against those, sqrt(1 − 0.701²).
        let rightUpperArm = FeatureExtractor.Channel.imageForeshortening + 2
        let expected = Float((1 - pow((0.04 * 0.04 + 0.2 * 0.2).squareRoot() / 0.45 / (0.186 / 0.288), 2)).squareRoot())
        #expect(abs(f[rightUpperArm * T + 30] - expected) < 1e-4 && f[rightUpperArm * T + 30] == f[rightUpperArm * T + 90])
    }

    @Test func bodyFrameFacesTheChestForwardAndScalesByTheTorso() {
        let s = standingFigure(times: [0, 1.0 / 60])
        let body = BodyFrame.estimate(SequenceWindow(s, start: 0, length: 2), mirror: false)
        #expect(body.forward.z < -0.9)  // the figure faces the camera
        #expect(abs(body.scale - 0.45) < 1e-9)  // mid-hip (0, 0) → mid-shoulder (0, −0.45)
        let nose = body.apply(s.position(frame: 0, joint: 0), frame: 0)
        #expect(nose.z > 0 && nose.y < 0)  // in front of and above the hips
    }

    @Test func stanceComesFromTheLeadSide() {
        let s = standingFigure(times: (0..<120).map { Double($0) / 60 })
        #expect(StanceEstimator.estimate(s) == .orthodox)
        #expect(StanceEstimator.estimate(s.mirrored()) == .southpaw)
        // Mirroring the southpaw in the features gives back the orthodox features exactly.
        let fx = FeatureExtractor()
        let a = fx.features(SequenceWindow(s, start: 0, length: 120), mirror: false)
        let b = fx.features(SequenceWindow(s.mirrored(), start: 0, length: 120), mirror: true)
        #expect(zip(a, b).map { abs($0 - $1) }.max()! < 1e-5)
    }
}

@Suite struct WindowTests {
    @Test func ringBufferHoldsTheLastFramesOldestFirst() {
        let s = standingFigure(times: (0..<300).map { Double($0) / 60 }) { t in Vec3(t, 0, 0) }
        var buffer = WindowBuffer(capacity: 120)
        for f in 0..<200 { buffer.append(s.frame(f)) }
        #expect(buffer.isFull)
        #expect(buffer.newestTime == s.times[199])
        for t in [0, 1, 60, 119] {
            #expect(buffer.point(t, Joint.leftWrist.rawValue).x == s.times[80 + t])
            #expect(buffer.time(t) == s.times[80 + t])
        }
    }

    @Test func partlyFilledBufferRepeatsItsOldestFrame() {
        let s = standingFigure(times: (0..<10).map { Double($0) / 60 }) { t in Vec3(t, 0, 0) }
        var buffer = WindowBuffer(capacity: 120)
        for f in 0..<10 { buffer.append(s.frame(f)) }
        #expect(buffer.point(0, Joint.leftWrist.rawValue).x == 0)
        #expect(buffer.point(110, Joint.leftWrist.rawValue).x == 0)
        #expect(buffer.point(119, Joint.leftWrist.rawValue).x == s.times[9])
    }

    /// One sequence through the training path (windows of the sequence) and the live path (frame by
    /// frame into the ring buffer) gives identical features, bit for bit.
    @Test func liveAndTrainingPathsGiveIdenticalFeatures() {
        let s = standingFigure(times: (0..<400).map { Double($0) / 60 }) { t in
            Vec3(0.2 + 0.1 * sin(5 * t), -0.45 + 0.05 * cos(3 * t), 2.6 - 0.3 * max(0, sin(7 * t)))
        }
        let fx = FeatureExtractor()
        var buffer = WindowBuffer(capacity: 120)
        var compared = 0
        for f in 0..<s.frameCount {
            buffer.append(s.frame(f), positionsHaveDepth: s.hasBodyDepth)
            guard f % 37 == 0 else { continue }
            let live = fx.features(buffer, mirror: f % 2 == 0)
            let training = fx.features(SequenceWindow(s, start: f - 119, length: 120), mirror: f % 2 == 0)
            #expect(live == training, "frame \(f)")
            compared += 1
        }
        #expect(compared == 11)
    }

    @Test func featureChannelsHoldWhatTheySay() {
        // The left wrist moves forward (towards the camera, −z) at 1 m/s; torso 0.45 m.
        let s = standingFigure(times: (0..<120).map { Double($0) / 60 }) { t in Vec3(0.2, -0.45, 2.6 - t) }
        let window = SequenceWindow(s, start: 0, length: 120)
        let f = FeatureExtractor().features(window, mirror: false)
        let body = BodyFrame.estimate(window, mirror: false)
        let T = 120
        typealias C = FeatureExtractor.Channel
        let wrist = FeatureExtractor.bodyJoints.firstIndex(of: .leftWrist)!
        let vz = f[(C.velocity + 3 * wrist + 2) * T + 60]
        // Forward speed in torso lengths/s ÷ 10 (the chest faces slightly aside of the camera).
        #expect(abs(Double(vz) - Vec3(0, 0, -1).dot(body.forward) / 0.45 / 10) < 1e-4)
        #expect(abs(Double(f[C.wristSpeed * T + 60]) - 1 / 0.45 / 10) < 1e-4)  // left wrist speed
        #expect(f[C.visible * T + 5] == 1)  // the first joint is seen (confidence 0.95)
        #expect(f[C.depthFlag * T + 5] == 1)
        #expect(C.armExtension + 2 == FeatureExtractor.channelCount)
        let shoulder = FeatureExtractor.bodyJoints.firstIndex(of: .leftShoulder)!
        func at(_ c: Int) -> Float { f[c * T + 30] }
        let dx = at(C.position + 3 * wrist) - at(C.position + 3 * shoulder), dy = at(C.position + 3 * wrist + 1) - at(C.position + 3 * shoulder + 1)
        let dz = at(C.position + 3 * wrist + 2) - at(C.position + 3 * shoulder + 2)
        #expect(abs(at(C.armExtension) - (dx * dx + dy * dy + dz * dz).squareRoot()) < 1e-5)
        // Straight at the camera, the wrist does not move in the picture (orthographic x, y of metres).
        #expect(abs(f[(C.imageVelocity + 2 * wrist) * T + 60]) < 1e-6 && abs(f[(C.imageVelocity + 2 * wrist + 1) * T + 60]) < 1e-6)
        #expect(abs(f[C.imageWristSpeed * T + 60]) < 1e-6)
        let ix = at(C.image + 2 * wrist) - at(C.image + 2 * shoulder), iy = at(C.image + 2 * wrist + 1) - at(C.image + 2 * shoulder + 1)
        #expect(abs(at(C.imageArmExtension) - (ix * ix + iy * iy).squareRoot()) < 1e-5)
    }
}
