import PunchKit

/// Speed of each wrist relative to the mid-hip, per 60 fps frame, for the last few seconds
/// (central differences, so each value is one frame behind the newest): m/s from world coordinates,
/// else torso lengths per second (pixels or normalised coordinates divided by the torso's length in
/// the same units, so a 2D source's speed does not depend on the picture's size).
struct WristSpeedTracker {
    struct Sample {
        var time: Double
        var left: Double
        var right: Double
        /// Each wrist's speed relative to its own shoulder: the arm's own motion, without the trunk's
        /// turn (which swings the other hand too in a rear hook or uppercut).
        var leftArm: Double
        var rightArm: Double
    }

    private(set) var samples: [Sample] = []
    private var recent: [SkeletonFrame] = []
    /// The last torso length seen in the main coordinates (for sources without world coordinates).
    private var torso: Double?
    let keepSeconds = 4.0

    mutating func push(_ frame: SkeletonFrame) {
        recent.append(frame)
        if recent.count > 3 { recent.removeFirst() }
        guard recent.count == 3 else { return }
        let a = recent[0], b = recent[2]
        let dt = b.time - a.time
        if b.world == nil, let t = Self.torsoLength(b) { torso = t }
        let unit = b.world == nil ? (torso ?? 0) : 1
        guard unit > 0 else { return }
        /// Speed of `wrist` relative to the midpoint of `anchors`.
        func speed(_ wrist: Joint, from anchors: [Joint]) -> Double {
            let joints = [wrist] + anchors
            guard dt > 0, joints.allSatisfy({ a.confidences[$0.rawValue] > BodyFrame.minConfidence && b.confidences[$0.rawValue] > BodyFrame.minConfidence }) else { return 0 }
            func rel(_ f: SkeletonFrame) -> Vec3 {
                let p = f.world ?? f.positions
                return p[wrist.rawValue] - anchors.reduce(Vec3.zero) { $0 + p[$1.rawValue] } / Double(anchors.count)
            }
            return (rel(b) - rel(a)).length / dt / unit
        }
        let hips = [Joint.leftHip, .rightHip]
        samples.append(Sample(time: recent[1].time, left: speed(.leftWrist, from: hips), right: speed(.rightWrist, from: hips),
                              leftArm: speed(.leftWrist, from: [.leftShoulder]), rightArm: speed(.rightWrist, from: [.rightShoulder])))
        while let first = samples.first, first.time < frame.time - keepSeconds { samples.removeFirst() }
    }

    /// Mid-hip → mid-shoulder distance of a frame's main coordinates (x and y: 2D sources have no z).
    static func torsoLength(_ f: SkeletonFrame) -> Double? {
        let j = [Joint.leftShoulder, .rightShoulder, .leftHip, .rightHip].map(\.rawValue)
        guard j.allSatisfy({ f.confidences[$0] > BodyFrame.minConfidence }) else { return nil }
        let p = f.positions
        let d = (p[j[0]] + p[j[1]]) * 0.5 - (p[j[2]] + p[j[3]]) * 0.5
        let length = (d.x * d.x + d.y * d.y).squareRoot()
        return length > 0 ? length : nil
    }

    /// Peak speed of each wrist between `start` and `end`.
    func peaks(from start: Double, to end: Double) -> (left: Double, right: Double) {
        var l = 0.0, r = 0.0
        for s in samples where s.time >= start && s.time <= end {
            l = max(l, s.left)
            r = max(r, s.right)
        }
        return (l, r)
    }

    /// Distance each wrist travelled relative to its own shoulder between `start` and `end`: speed summed
    /// over the samples, in the speed's units × seconds.
    func paths(from start: Double, to end: Double) -> (left: Double, right: Double) {
        var l = 0.0, r = 0.0
        var previous: Double? = nil
        for s in samples where s.time >= start && s.time <= end {
            let dt = previous.map { s.time - $0 } ?? 0
            l += s.leftArm * dt
            r += s.rightArm * dt
            previous = s.time
        }
        return (l, r)
    }

    mutating func reset() {
        samples = []
        recent = []
    }
}
