import Foundation
@testable import PunchKit

/// A standing figure in metres (camera frame: x right, y down, z away), facing the camera,
/// whose left wrist follows `leftWrist(t)`. Orthodox guard: left hand forward.
func standingFigure(times: [Double], world: Bool = true,
                    leftWrist: (Double) -> Vec3 = { _ in Vec3(0.2, -0.45, 2.6) }) -> SkeletonSequence {
    var s = SkeletonSequence(layout: .canonical, units: .m, source: "test", hasWorld: world)
    let base: [Vec3] = [
        Vec3(0, -0.65, 2.9),  // nose
        Vec3(0.03, -0.68, 2.92), Vec3(-0.03, -0.68, 2.92), Vec3(0.07, -0.66, 2.97), Vec3(-0.07, -0.66, 2.97),
        Vec3(0.18, -0.45, 2.95), Vec3(-0.18, -0.45, 3.05),  // shoulders (left one forward)
        Vec3(0.22, -0.25, 2.8), Vec3(-0.22, -0.25, 2.95),  // elbows
        Vec3(0.2, -0.45, 2.6), Vec3(-0.12, -0.5, 2.85),  // wrists, in guard
        Vec3(0.1, 0, 2.97), Vec3(-0.1, 0, 3.03),  // hips
        Vec3(0.14, 0.45, 2.85), Vec3(-0.14, 0.45, 3.1),  // knees
        Vec3(0.16, 0.9, 2.75), Vec3(-0.16, 0.9, 3.2),  // ankles (left foot forward)
    ]
    for t in times {
        var p = base
        p[Joint.leftWrist.rawValue] = leftWrist(t)
        s.append(time: t, positions: p, confidences: Array(repeating: 0.95, count: 17), world: world ? p : nil)
    }
    return s
}

func fixture(_ name: String) -> URL {
    Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil)!
}

