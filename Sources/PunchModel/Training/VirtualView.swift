#if canImport(Glibc)
import Glibc
#else
import Foundation
#endif
import PunchKit

/// Real 3D motion seen through another camera (`Augmentation.virtualViews`).
///
/// A depth sensor's skeleton (PRECOG's Kinect: metres, camera-aligned, no picture of its own) gives the window its
/// picture as x and y of the 3D joints: one view, from the front, without perspective. Its people punch as real
/// people do, and the network only ever sees them from there in the picture; the 2D real sets film boxers from
/// anywhere (BoxingVI's straights mostly side-on). So the window's body is turned about the vertical through its
/// mean hips and filmed by a pinhole camera placed as the synthetic boxer's cameras are (`CameraPlacement`: within
/// ±20° of the front for 45 % of the windows, else anywhere within ±100°; tilted −20…30°, 1.5–4 m away). The 3D
/// block is left as it is (the body frame removes the view there). The picture is scaled so that a metre at the
/// hips stays a metre, as the native picture's units are.
extension AugmentedWindow {
    /// Whether this window's picture is the x and y of camera-space 3D joints, which a virtual camera can
    /// film again: metres with a real z and no separate world coordinates.
    static func isCameraSpace3D(_ s: SkeletonSequence) -> Bool { s.units == .m && s.world == nil && s.hasDepth }

    /// Films the window's body again from a random camera; the picture is replaced, the 3D block kept.
    mutating func filmFromVirtualCamera(rng: inout SeededRandom) {
        let yaw = CameraPlacement.yawDegrees(&rng) * .pi / 180
        let pitch = rng.uniform(CameraPlacement.pitchDegrees) * .pi / 180
        let distance = rng.uniform(CameraPlacement.distance)
        refilm(yaw: yaw, pitch: pitch, distance: distance)
    }

    /// The picture a pinhole camera `distance` metres (horizontally) from the window's mean hips would take, the
    /// body turned by `yaw` (radians; positive turns the body's front towards the picture's right, so the camera
    /// sees it from the body's left) and the camera tilted down by `pitch` towards the hips.
    mutating func refilm(yaw: Double, pitch: Double, distance: Double) {
        let J = JointLayout.canonical.count, T = frameCount
        let (lh, rh) = (Joint.leftHip.rawValue, Joint.rightHip.rawValue)
        var pivot = Vec3.zero, seen = 0
        for t in 0..<T where confidences[t * J + lh] > 0 && confidences[t * J + rh] > 0 {
            pivot += (points[t * J + lh] + points[t * J + rh]) * 0.5
            seen += 1
        }
        guard seen > 0 else { return }
        pivot = pivot * (1 / Double(seen))
        // The body turned about the vertical (y down); the camera tilted down about its x axis.
        let turn = Rotation3.aboutY(yaw), tilt = Rotation3.aboutX(pitch)
        // Metres per unit of x / z at the hips: keeps the picture's scale (and the noise sized on it).
        let scale = distance / cos(pitch)
        // The camera stands `distance` in front of the hips and `distance·tan(pitch)` above them.
        let fromCamera = Vec3(0, distance * tan(pitch), distance)
        for k in 0..<(T * J) where confidences[k] > 0 {
            let c = tilt.apply(turn.apply(points[k] - pivot) + fromCamera)
            let z = max(c.z, 0.05)
            images[k] = Vec3(scale * c.x / z, scale * c.y / z, 0)
        }
    }
}
