extension SkeletonSequence {
    /// The mirror image of this sequence: x negated (main and world coordinates) and every left joint
    /// swapped with its right partner — a southpaw becomes orthodox, a selfie view a direct one.
    /// Mirroring twice gives the original back exactly.
    public func mirrored() -> SkeletonSequence {
        let n = layout.count
        let partner = layout.mirrorIndex
        var out = slice(frames: 0..<0)
        for f in 0..<frameCount {
            let src = frame(f)
            var dst = src
            for j in 0..<n {
                let p = src.positions[partner[j]]
                dst.positions[j] = Vec3(-p.x, p.y, p.z)
                dst.confidences[j] = src.confidences[partner[j]]
                if let w = src.world {
                    let q = w[partner[j]]
                    dst.world![j] = Vec3(-q.x, q.y, q.z)
                }
            }
            out.append(dst)
        }
        return out
    }
}
