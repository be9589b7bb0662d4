import Foundation
import PunchKit

/// A deterministic window for timing (the classifier's cost does not depend on the pose).
enum BenchFixtures {
    static func window() -> SequenceWindow {
        var s = SkeletonSequence(layout: .canonical, units: .m, source: "bench", hasWorld: true)
        var rng = SeededRandom(seed: 11)
        for f in 0..<120 {
            let p = (0..<17).map { j in
                Vec3(Double(j % 2 == 0 ? 1 : -1) * 0.15 + rng.uniform(-0.01, 0.01), Double(j) * 0.1 - 0.8, 3 + 0.1 * sin(Double(f) / 7))
            }
            s.append(time: Double(f) / 60, positions: p, confidences: Array(repeating: 0.9, count: 17), world: p)
        }
        return SequenceWindow(s, start: 0, length: 120)
    }
}
