/// Orthodox (left foot and hand lead) or southpaw (right lead).
public enum Stance: String, Sendable, CaseIterable, Codable {
    case orthodox, southpaw

    /// Southpaw boxers are mirrored so that the classifier always sees an orthodox boxer.
    public var mirrors: Bool { self == .southpaw }
    public var mirrored: Stance { self == .orthodox ? .southpaw : .orthodox }
}

/// Which side leads, read from the body: the lead foot, shoulder and hip are ahead of the rear ones
/// along the direction the hands point in guard (wrists relative to the shoulders).
///
/// The chest normal alone cannot tell the stance: a bladed boxer turns it towards the rear side by the
/// blade angle, so that the feet project onto it almost equally in both stances. The hands, ahead of
/// the body in guard, point where the punches go.
public enum StanceEstimator {
    /// Evidence of one window: `score` > 0 for orthodox, < 0 for southpaw; `weight` is how many frames
    /// had the hands clearly in front of the body (0 when the boxer is not in guard, e.g. idle).
    /// 2D keypoints give no evidence: which foot is ahead is a matter of depth.
    @_specialize(exported: true, where W == WindowBuffer)
    public static func evidence<W: WindowSource>(_ w: W, frame body: BodyFrame) -> (score: Double, weight: Double) {
        guard w.hasDepth else { return (0, 0) }
        var score = 0.0, weight = 0.0
        let ls = Joint.leftShoulder.rawValue, rs = Joint.rightShoulder.rawValue
        let lw = Joint.leftWrist.rawValue, rw = Joint.rightWrist.rawValue
        let pairs = [(Joint.leftAnkle, Joint.rightAnkle), (.leftShoulder, .rightShoulder), (.leftHip, .rightHip)]
        let minC = BodyFrame.minConfidence
        for t in 0..<w.frameCount {
            guard w.confidence(t, ls) > minC, w.confidence(t, rs) > minC,
                  w.confidence(t, lw) > minC, w.confidence(t, rw) > minC else { continue }
            let p = { (j: Int) in body.apply(w.point(t, j), frame: t) }
            let midShoulder = (p(ls) + p(rs)) * 0.5
            let left = p(lw) - midShoulder, right = p(rw) - midShoulder
            // In guard both hands are in front of the chest and above the hips. Not one hand out and the
            // other hanging: a punch thrown from hands down points wherever the punch goes.
            guard left.z > 0.05, right.z > 0.05, left.y < 0.9, right.y < 0.9 else { continue }
            let hands = (left + right) * 0.5
            let reach = Vec3(hands.x, 0, hands.z)
            guard reach.z > 0.15 else { continue }
            let dir = reach.normalized
            var s = 0.0
            for (l, r) in pairs where w.confidence(t, l.rawValue) > minC && w.confidence(t, r.rawValue) > minC {
                s += (p(l.rawValue) - p(r.rawValue)).dot(dir)
            }
            score += s
            weight += 1
        }
        return (weight > 0 ? score / weight : 0, weight)
    }

    /// The stance of a whole sequence (canonical): evidence summed over windows. Nil when the boxer
    /// was never in guard.
    public static func estimate(_ sequence: SkeletonSequence, windowLength: Int = 120) -> Stance? {
        var total = 0.0, weight = 0.0
        var start = 0
        repeat {
            let w = SequenceWindow(sequence, start: start, length: min(windowLength, sequence.frameCount))
            let body = BodyFrame.estimate(w, mirror: false)
            let e = evidence(w, frame: body)
            total += e.score * e.weight
            weight += e.weight
            start += windowLength
        } while start + windowLength / 2 < sequence.frameCount
        guard weight > 0 else { return nil }
        return total >= 0 ? .orthodox : .southpaw
    }
}

extension SkeletonSequence {
    /// The stance the file declares (`stance=` in its first line), if any.
    public var declaredStance: Stance? {
        extra.first { $0.key == "stance" }.flatMap { Stance(rawValue: $0.value) }
    }
}
