import PunchKit

/// Speed of each wrist relative to the mid-hip, per 60 fps frame, for the last few seconds
/// (central differences, so each value is one frame behind the newest).
struct WristSpeedTracker {
    struct Sample {
        var time: Double
        var left: Double
        var right: Double
    }

    private(set) var samples: [Sample] = []
    private var recent: [SkeletonFrame] = []
    let keepSeconds = 4.0

    mutating func push(_ frame: SkeletonFrame) {
        recent.append(frame)
        if recent.count > 3 { recent.removeFirst() }
        guard recent.count == 3 else { return }
        let a = recent[0], b = recent[2]
        let dt = b.time - a.time
        func speed(_ wrist: Joint) -> Double {
            let joints = [wrist.rawValue, Joint.leftHip.rawValue, Joint.rightHip.rawValue]
            guard dt > 0, joints.allSatisfy({ a.confidences[$0] > BodyFrame.minConfidence && b.confidences[$0] > BodyFrame.minConfidence }) else { return 0 }
            func rel(_ f: SkeletonFrame) -> Vec3 {
                let p = f.world ?? f.positions
                return p[wrist.rawValue] - (p[Joint.leftHip.rawValue] + p[Joint.rightHip.rawValue]) * 0.5
            }
            return (rel(b) - rel(a)).length / dt
        }
        samples.append(Sample(time: recent[1].time, left: speed(.leftWrist), right: speed(.rightWrist)))
        while let first = samples.first, first.time < frame.time - keepSeconds { samples.removeFirst() }
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

    mutating func reset() {
        samples = []
        recent = []
    }
}
