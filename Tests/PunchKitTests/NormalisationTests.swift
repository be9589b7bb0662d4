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
    /// about the vertical changes no feature.
    @Test func featuresIgnoreCameraPlacement() {
        let s = standingFigure(times: (0..<120).map { Double($0) / 60 }) { t in Vec3(0.2, -0.45, 2.6 - 0.3 * sin(9 * t)) }
        let yaw = Rotation3.aboutY(0.9)
        let moved = s.mapPoints { yaw.apply($0) * 1.7 + Vec3(0.4, -0.2, 1.1) }
        let fx = FeatureExtractor()
        let a = fx.features(SequenceWindow(s, start: 0, length: 120), mirror: false)
        let b = fx.features(SequenceWindow(moved, start: 0, length: 120), mirror: false)
        let diff = zip(a, b).map { abs($0 - $1) }.max()!
        #expect(diff < 1e-4, "max difference \(diff)")
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
            buffer.append(s.frame(f))
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
        let wrist = FeatureExtractor.bodyJoints.firstIndex(of: .leftWrist)!
        let vz = f[(FeatureExtractor.Channel.velocity + 3 * wrist + 2) * T + 60]
        // Forward speed in torso lengths/s ÷ 10 (the chest faces slightly aside of the camera).
        #expect(abs(Double(vz) - Vec3(0, 0, -1).dot(body.forward) / 0.45 / 10) < 1e-4)
        #expect(abs(Double(f[FeatureExtractor.Channel.wristSpeed * T + 60]) - 1 / 0.45 / 10) < 1e-4)  // left wrist speed
        #expect(f[FeatureExtractor.Channel.confidence * T + 5] == 0.95)  // confidence channel of the first joint
        #expect(FeatureExtractor.Channel.armExtension + 2 == FeatureExtractor.channelCount)
        let shoulder = FeatureExtractor.bodyJoints.firstIndex(of: .leftShoulder)!
        let dx = f[(3 * wrist) * T + 30] - f[(3 * shoulder) * T + 30], dy = f[(3 * wrist + 1) * T + 30] - f[(3 * shoulder + 1) * T + 30]
        let dz = f[(3 * wrist + 2) * T + 30] - f[(3 * shoulder + 2) * T + 30]
        #expect(abs(f[FeatureExtractor.Channel.armExtension * T + 30] - (dx * dx + dy * dy + dz * dz).squareRoot()) < 1e-5)
    }
}
