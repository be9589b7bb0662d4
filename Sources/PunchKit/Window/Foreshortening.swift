/// How far each arm bone points along the camera ray, read from the picture alone: a bone of length L
/// seen at length l in the picture leaves the image plane by an angle whose cosine is l / L, so
/// `sqrt(1 − (l/L)²)` is 0 across the picture and 1 straight at (or away from) the lens — the
/// orthographic reading of foreshortening behind single-view skeleton reconstruction (C. J. Taylor,
/// "Reconstruction of articulated objects from point correspondences in a single uncalibrated image",
/// CVIU 2000). A jab thrown at a webcam hardly moves the wrist in x and y, but its upper arm and forearm
/// turn towards the lens and shorten; an uppercut's forearm stands up and lengthens.
///
/// L, unknown for a stranger, is the longer of the bone's longest picture length in the window (its 90th
/// percentile, so that a joint jumping for a frame does not set it) and its
/// length from human proportions (Winter, "Biomechanics and Motor Control of Human Movement", 4th ed.,
/// table 4.1: upper arm 0.186 H, forearm 0.146 H, shoulder to hip 0.288 H, in torso lengths below), so a
/// window in which the arm never lies across the picture is still read against a plausible length.
/// The sign (towards or away from the camera) stays unknown; it is the one thing the picture cannot say.
enum Foreshortening {
    /// Upper arm and forearm in image torso lengths (Winter's segment lengths ÷ 0.288 H).
    static let upperArm = 0.186 / 0.288, forearm = 0.146 / 0.288

    /// Writes 4 channels from `channel` on: upper arm and forearm of the body's left (lead after mirroring),
    /// then of its right. `pos[t * 12 + j]`: normalised image positions of `FeatureExtractor.bodyJoints`.
    /// A bone with a joint unseen reads 0 (across the picture) in that frame.
    static func write(_ pos: [Vec3], valid: [Bool], frames T: Int, channel: Int, into out: UnsafeMutablePointer<Float>) {
        let J = FeatureExtractor.bodyJoints.count
        // (shoulder, elbow) and (elbow, wrist) slots of each side in `FeatureExtractor.bodyJoints`.
        let bones = [(0, 2, upperArm), (2, 4, forearm), (1, 3, upperArm), (3, 5, forearm)]
        for (k, (a, b, proportion)) in bones.enumerated() {
            var lengths = [Double](repeating: 0, count: T)
            var seenLengths: [Double] = []
            for t in 0..<T where valid[t * J + a] && valid[t * J + b] {
                let d = pos[t * J + b] - pos[t * J + a]
                lengths[t] = (d.x * d.x + d.y * d.y).squareRoot()
                seenLengths.append(lengths[t])
            }
            seenLengths.sort()
            let typical = seenLengths.isEmpty ? 0 : seenLengths[min(seenLengths.count - 1, seenLengths.count * 9 / 10)]
            let longest = max(proportion, typical)
            for t in 0..<T {
                let seen = valid[t * J + a] && valid[t * J + b]
                let ratio = min(lengths[t] / longest, 1)
                out[(channel + k) * T + t] = seen ? Float((max(0, 1 - ratio * ratio)).squareRoot()) : 0
            }
        }
    }
}
