import PunchKit

/// Where a window's hands rest in guard, moved (`Augmentation.guardPlacement`).
///
/// Each arm's wrist gets one offset for the whole window and its elbow half of that plus a little of its own,
/// in space and, drawn apart, in the picture (as `jointDefinition` does). The offset fades as the arm
/// reaches out: in full on a folded arm (the wrist within half the arm's length of the shoulder), none on a
/// straight one, so the guard moves and the punch's end does not, and hanging arms barely move.
extension AugmentedWindow {
    mutating func placeGuard(sigma: Double, torso: Double, imageTorso: Double, normal: () -> Double) {
        let arms: [(shoulder: Joint, elbow: Joint, wrist: Joint)] = [
            (.leftShoulder, .leftElbow, .leftWrist), (.rightShoulder, .rightElbow, .rightWrist),
        ]
        for arm in arms {
            let hand = Vec3(normal(), normal(), normal()) * (sigma * torso)
            let elbow = hand * 0.5 + Vec3(normal(), normal(), normal()) * (0.5 * sigma * torso)
            let handInPicture = Vec3(normal(), normal(), 0) * (sigma * imageTorso)
            let elbowInPicture = handInPicture * 0.5 + Vec3(normal(), normal(), 0) * (0.5 * sigma * imageTorso)
            Self.shift(&points, arm: arm, hand: hand, elbow: elbow, frames: frameCount, confidences: confidences)
            Self.shift(&images, arm: arm, hand: handInPicture, elbow: elbowInPicture, frames: frameCount, confidences: confidences)
        }
    }

    /// Adds the offsets to one block's elbow and wrist, weighted frame by frame by how folded the arm is.
    private static func shift(_ block: inout [Vec3], arm: (shoulder: Joint, elbow: Joint, wrist: Joint),
                              hand: Vec3, elbow: Vec3, frames: Int, confidences: [Double]) {
        let J = JointLayout.canonical.count
        let (s, e, w) = (arm.shoulder.rawValue, arm.elbow.rawValue, arm.wrist.rawValue)
        func seen(_ t: Int) -> Bool { confidences[t * J + s] > 0 && confidences[t * J + e] > 0 && confidences[t * J + w] > 0 }
        // The arm's length in this block: upper arm plus forearm, median over the frames that see all three.
        let lengths = (0..<frames).filter(seen).map {
            (block[$0 * J + s] - block[$0 * J + e]).length + (block[$0 * J + e] - block[$0 * J + w]).length
        }
        guard let length = median(lengths), length > 0 else { return }
        for t in 0..<frames where seen(t) {
            let reach = (block[t * J + w] - block[t * J + s]).length
            let folded = min(max((length - reach) / (0.5 * length), 0), 1)
            block[t * J + w] += hand * folded
            block[t * J + e] += elbow * folded
        }
    }
}
