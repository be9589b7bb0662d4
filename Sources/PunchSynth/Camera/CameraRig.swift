#if canImport(Glibc)
import Glibc
#else
import Foundation
#endif
import PunchKit

/// A pinhole camera looking at the boxer: where it stands (yaw around the boxer, distance, height),
/// how it is tilted, its lens and resolution, and whether the picture is mirrored (a selfie view).
public struct CameraRig: Sendable, Equatable {
    /// Angle between the boxer's punching direction and the direction to the camera, radians
    /// (0 = the boxer punches straight at the camera; positive = the camera is to the boxer's left).
    public var yaw: Double
    /// Downward tilt of the camera, radians (negative looks up).
    public var pitch: Double
    /// Horizontal distance from the camera to the centre of the stance, metres.
    public var distance: Double
    /// Height of the point the camera aims at, metres above the floor.
    public var lookHeight: Double
    /// Focal length in pixels, and picture size.
    public var focal: Double
    public var width: Int
    public var height: Int
    /// A mirrored (selfie) picture: the boxer's left appears on the picture's left.
    public var selfie: Bool

    public init(yaw: Double, pitch: Double, distance: Double, lookHeight: Double, focal: Double,
                width: Int, height: Int, selfie: Bool) {
        self.yaw = yaw
        self.pitch = pitch
        self.distance = distance
        self.lookHeight = lookHeight
        self.focal = focal
        self.width = width
        self.height = height
        self.selfie = selfie
    }

    /// Height of the camera above the floor.
    public var cameraHeight: Double { lookHeight + distance * tan(pitch) }

    /// Where people put the camera (`CameraPlacement`: yaw within ±20° for 45 % of clips, the rest within ±100°;
    /// pitch −20…30°, 1.5–4 m away), a webcam's field of view (60–78° across) at one of the common resolutions,
    /// and a selfie (mirrored) picture one time in seven.
    ///
    /// `behind`: the share of clips filmed from behind the boxer (|yaw| 100–180°, taken from the side views'
    /// share; `SynthSpec.camerasBehind`, an experiment of docs/real-people.md). A gym or fight camera sees
    /// one boxer's back: CoachMe's camera 1 films its boxers at about 160–170° (their left shoulder on the
    /// picture's left), and so are 17 of cs229's 43 broadcast clips and 99 of BoxingVI's 1 582. A picture
    /// from behind is not a selfie: mirrored, but with the joints named as they are. 0 draws exactly the
    /// cameras of before.
    public static func random(_ rng: inout SeededRandom, behind: Double = 0) -> CameraRig {
        let sizes = [(640, 480), (1280, 720), (1280, 720), (1920, 1080), (960, 540)]
        let (w, h) = rng.pick(sizes)
        let fov = degrees(rng.uniform(60, 78))
        let yaw = CameraPlacement.yawDegrees(&rng, behind: behind)
        return CameraRig(
            yaw: degrees(yaw), pitch: degrees(rng.uniform(CameraPlacement.pitchDegrees)),
            distance: rng.uniform(CameraPlacement.distance), lookHeight: rng.uniform(0.85, 1.3),
            focal: Double(w) / 2 / tan(fov / 2), width: w, height: h, selfie: rng.chance(1.0 / 7))
    }

    /// Straight in front at chest height, level, 3.2 m away: for pictures and tests.
    public static func front(yaw: Double = 0) -> CameraRig {
        CameraRig(yaw: yaw, pitch: 0, distance: 3.2, lookHeight: 1.0, focal: 900, width: 1280, height: 720, selfie: false)
    }

    /// A fight-frame point (x left, y down, z forward; metres, floor at y = 0) in camera coordinates
    /// (x right, y down, z away from the camera; metres). Selfie mirroring is applied later.
    @inline(__always) func toCamera(_ p: Vec3) -> Vec3 {
        // Turning the boxer by −yaw puts the camera at `yaw` around them.
        let q = turn(p, by: -yaw)
        let v = Vec3(q.x, q.y + cameraHeight, distance - q.z)
        let c = cos(pitch), s = sin(pitch)
        return Vec3(v.x, v.y * c - v.z * s, v.y * s + v.z * c)
    }

    /// Pixel coordinates of a camera-space point.
    @inline(__always) func pixel(_ c: Vec3) -> (x: Double, y: Double) {
        let z = max(c.z, 0.05)
        return (Double(width) / 2 + focal * c.x / z, Double(height) / 2 + focal * c.y / z)
    }

    /// Key=value pairs for the first line of a clip file.
    var metadata: [SkeletonSequence.KeyValue] {
        func r(_ x: Double, _ digits: Double = 10) -> String { String((x * digits).rounded() / digits) }
        return [.init("camera_yaw", r(yaw * 180 / .pi)), .init("camera_pitch", r(pitch * 180 / .pi)),
                .init("camera_distance", r(distance, 100)), .init("image", "\(width)x\(height)"),
                .init("selfie", selfie ? "1" : "0")]
    }
}
