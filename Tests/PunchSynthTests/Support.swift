import Foundation
@testable import PunchSynth
import PunchKit

/// Noise-free clips filmed from the front at 60 fps: the motion itself.
func exactGenerator(seed: UInt64 = 7, subjects: Int = 4, camera: CameraRig = .front()) -> ClipGenerator {
    ClipGenerator(seed: seed, subjects: SubjectPool.make(seed: seed, ids: 1...subjects),
                  options: SynthOptions(noise: false, camera: camera, fps: 60))
}

/// Speed (m/s) of joint `j` in a sequence's world coordinates, central differences.
func worldSpeed(_ s: SkeletonSequence, joint j: Int) -> [Double] {
    let n = s.frameCount
    var v = [Double](repeating: 0, count: n)
    for f in 1..<(n - 1) {
        let d = s.worldPosition(frame: f + 1, joint: j) - s.worldPosition(frame: f - 1, joint: j)
        v[f] = d.length / (s.times[f + 1] - s.times[f - 1])
    }
    return v
}

/// All files under `root`, relative paths, sorted.
func files(under root: URL) -> [String] {
    let e = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])!
    var out: [String] = []
    for case let url as URL in e where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
        out.append(String(url.path.dropFirst(root.path.count + 1)))
    }
    return out.sorted()
}
