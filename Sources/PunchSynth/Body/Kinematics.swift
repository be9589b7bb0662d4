#if canImport(Glibc)
import Glibc
#else
import Foundation
#endif
import PunchKit

// Body-local coordinates of the synthetic boxer ("fight frame"): x to the boxer's left, y down,
// z forward (towards the opponent), metres, origin on the floor under the centre of the stance.
// Motions are written for an orthodox boxer (left hand and foot lead); a southpaw is the mirror image.

/// Unit vector pointing forward after turning `angle` radians to the left (about the vertical).
@inline(__always) func forwardVector(yaw angle: Double) -> Vec3 { Vec3(sin(angle), 0, cos(angle)) }

/// Unit vector pointing to the body's left after turning `angle` radians to the left.
@inline(__always) func leftVector(yaw angle: Double) -> Vec3 { Vec3(cos(angle), 0, -sin(angle)) }

/// Rotates `v` by `angle` radians to the left about the vertical axis through `centre`.
@inline(__always) func turn(_ v: Vec3, by angle: Double, about centre: Vec3 = .zero) -> Vec3 {
    let d = v - centre
    let c = cos(angle), s = sin(angle)
    return centre + Vec3(d.x * c + d.z * s, d.y, -d.x * s + d.z * c)
}

/// `v` without its component along the unit vector `axis`.
@inline(__always) func removing(_ axis: Vec3, from v: Vec3) -> Vec3 { v - axis * v.dot(axis) }

/// Minimum-jerk blend 0 → 1 (Flash & Hogan 1985): the smooth, bell-shaped speed of human reaching.
@inline(__always) func minimumJerk(_ u: Double) -> Double {
    let x = min(max(u, 0), 1)
    return x * x * x * (10 + x * (-15 + 6 * x))
}

@inline(__always) func clamp(_ x: Double, _ lo: Double, _ hi: Double) -> Double { min(max(x, lo), hi) }

@inline(__always) func degrees(_ d: Double) -> Double { d * .pi / 180 }

/// Values at times, joined by minimum-jerk segments (zero velocity at each key): the shape of one
/// movement phase after another, as in a punch that goes out, holds and comes back.
struct Keyframes: Sendable {
    var times: [Double]
    var values: [Double]

    init(_ keys: [(Double, Double)]) {
        times = keys.map(\.0)
        values = keys.map(\.1)
    }

    var start: Double { times.first ?? 0 }
    var end: Double { times.last ?? 0 }

    func value(at t: Double) -> Double {
        guard let first = times.first else { return 0 }
        if t <= first { return values[0] }
        if t >= times[times.count - 1] { return values[values.count - 1] }
        var i = 1
        while times[i] < t { i += 1 }
        let t0 = times[i - 1], t1 = times[i]
        let u = t1 > t0 ? (t - t0) / (t1 - t0) : 1
        return values[i - 1] + (values[i] - values[i - 1]) * minimumJerk(u)
    }
}

/// Analytic two-bone inverse kinematics (shoulder–elbow–wrist, hip–knee–ankle): the middle joint lies
/// in the plane of root, target and `hint`, on the hint's side. Bone lengths are kept exactly; a target
/// out of reach is pulled onto the reachable sphere.
func solveTwoBone(root: Vec3, target: Vec3, hint: Vec3, upper a: Double, lower b: Double) -> (middle: Vec3, end: Vec3) {
    var d = target - root
    var dist = d.length
    let maxReach = (a + b) * 0.9995, minReach = abs(a - b) + 1e-4
    if dist < 1e-9 {
        d = hint - root
        dist = minReach
    }
    let dir = d.normalized
    dist = clamp(dist, minReach, maxReach)
    let end = root + dir * dist
    let cosA = clamp((a * a + dist * dist - b * b) / (2 * a * dist), -1, 1)
    let along = a * cosA, across = a * (1 - cosA * cosA).squareRoot()
    var side = removing(dir, from: hint - root)
    if side.length < 1e-6 {
        // Hint on the line: bend downwards (or forwards when the limb is vertical).
        side = removing(dir, from: Vec3(0, 1, 0))
        if side.length < 1e-6 { side = removing(dir, from: Vec3(0, 0, 1)) }
    }
    let middle = root + dir * along + side.normalized * across
    return (middle, end)
}
