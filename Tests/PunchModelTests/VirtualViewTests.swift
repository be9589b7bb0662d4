import Testing
import PunchKit
@testable import PunchModel

/// A depth sensor's skeleton filmed again by a virtual camera (`Augmentation.virtualViews`).
@Suite struct VirtualViewTests {
    /// TinyData's left jab (0.45 m straight at the camera, 1.2–1.5 s) as a depth sensor gives it: camera-space
    /// metres and no world coordinates of their own.
    func sensorJab() -> SkeletonSequence {
        let tiny = TinyData.clip("left", subject: 1, index: 0).sequence
        var s = SkeletonSequence(layout: .canonical, units: .m, source: "kinect", subject: "k1")
        for f in 0..<tiny.frameCount {
            s.append(time: tiny.times[f], positions: (0..<17).map { tiny.position(frame: f, joint: $0) },
                     confidences: (0..<17).map { tiny.confidence(frame: f, joint: $0) })
        }
        return s.resampled(rate: 60)
    }

    func shoulderWidth(_ w: AugmentedWindow, _ t: Int) -> Double {
        abs(w.image(t, Joint.leftShoulder.rawValue).x - w.image(t, Joint.rightShoulder.rawValue).x)
    }

    /// Window frame i is source frame 31 + i: frame 10 is guard, frame 50 (1.35 s) the jab at full reach.
    func wristTravel(_ w: AugmentedWindow) -> Double {
        (w.image(50, Joint.leftWrist.rawValue) - w.image(10, Joint.leftWrist.rawValue)).length
    }

    @Test func onlyADepthSensorsSkeletonIsFilmedAgain() {
        #expect(AugmentedWindow(sensorJab(), end: 150, frames: 120).cameraSpace3D)
        // The synthetic boxer has a picture of its own (world coordinates beside it).
        let synthetic = TinyData.clip("left", subject: 1, index: 0).sequence.resampled(rate: 60)
        #expect(!AugmentedWindow(synthetic, end: 150, frames: 120).cameraSpace3D)
        var always = Augmentation.none
        always.virtualViews = 1
        var rng = SeededRandom(seed: 3), plainRng = SeededRandom(seed: 3)
        var a = AugmentedWindow(synthetic, end: 150, frames: 120), b = a
        a.augment(always, torso: 0.5, imageTorso: 0.5, rng: &rng)
        b.augment(.none, torso: 0.5, imageTorso: 0.5, rng: &plainRng)
        #expect((0..<120).allSatisfy { t in (0..<17).allSatisfy { a.image(t, $0) == b.image(t, $0) } })
    }

    /// From the front the new picture is the sensor's, up to perspective; from the side the shoulders close up
    /// and the jab thrown at the sensor crosses the picture. The 3D block is left as it was.
    @Test func aJabAtTheSensorCrossesThePictureSeenFromTheSide() {
        let s = sensorJab()
        let native = AugmentedWindow(s, end: 150, frames: 120)
        var front = native, side = native
        front.refilm(yaw: 0, pitch: 0, distance: 3)
        side.refilm(yaw: .pi / 2, pitch: 0, distance: 3)
        #expect(abs(shoulderWidth(front, 10) / shoulderWidth(native, 10) - 1) < 0.05)
        #expect(shoulderWidth(side, 10) < 0.4 * shoulderWidth(front, 10))
        // At the sensor the jab moves little in its picture; seen side-on it travels most of its 0.45 m.
        #expect(wristTravel(front) < 0.2)
        #expect(wristTravel(side) > 0.35, "the wrist crossed \(wristTravel(side)) m of the side view")
        #expect((0..<120).allSatisfy { t in (0..<17).allSatisfy { side.point(t, $0) == native.point(t, $0) } })
    }

    /// A camera above looking down puts the head higher in the picture relative to the hips than it is
    /// (foreshortening of the torso) — the picture changes with the tilt, so tilt is drawn too.
    @Test func aTiltedCameraForeshortensTheTorso() {
        let native = AugmentedWindow(sensorJab(), end: 150, frames: 120)
        var level = native, above = native
        level.refilm(yaw: 0, pitch: 0, distance: 2)
        above.refilm(yaw: 0, pitch: 30 * .pi / 180, distance: 2)
        func torso(_ w: AugmentedWindow) -> Double {
            let shoulders = (w.image(10, Joint.leftShoulder.rawValue) + w.image(10, Joint.rightShoulder.rawValue)) * 0.5
            let hips = (w.image(10, Joint.leftHip.rawValue) + w.image(10, Joint.rightHip.rawValue)) * 0.5
            return (shoulders - hips).length
        }
        #expect(torso(above) < 0.97 * torso(level))
    }
}
