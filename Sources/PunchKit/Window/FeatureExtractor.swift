/// Turns a window of canonical frames into the classifier's input tensor, channel-major
/// (`channels × frames` floats, one row a channel), in the body frame of the window (see `BodyFrame`).
///
/// Channels, for the 12 body joints (shoulders, elbows, wrists, hips, knees, ankles — the joints every
/// supported layout has; the face is left out because SMPL and Kinect only know a head centre):
/// - 36 positions (x, y, z in torso lengths, centred on the body),
/// - 36 velocities (central differences, torso lengths per second ÷ 10),
/// - 12 confidences,
/// - 3 root displacement from the window's mean centre (steps, walking),
/// - 2 wrist speeds (|velocity|, torso lengths per second ÷ 10),
/// - 2 elbow cosines (straight arm = −1),
/// - 2 arm extensions (wrist–shoulder distance, torso lengths): how far a hand is out — what tells a
///   jab from a feint, and a held jab from the partial retraction of a double jab.
/// A joint at or below `BodyFrame.minConfidence` reads as 0 in every channel that uses it.
/// Bone vectors are left out on purpose: they are differences of position channels of the same frame,
/// which the first convolution forms by itself (they cost 28 % of its work and bought nothing).
public struct FeatureExtractor: Sendable {
    public static let bodyJoints: [Joint] = [
        .leftShoulder, .rightShoulder, .leftElbow, .rightElbow, .leftWrist, .rightWrist,
        .leftHip, .rightHip, .leftKnee, .rightKnee, .leftAnkle, .rightAnkle,
    ]
    public static let channelCount = 36 + 36 + 12 + 3 + 2 + 2 + 2

    /// First channel of each group.
    public enum Channel {
        public static let position = 0, velocity = 36, confidence = 72, root = 84, wristSpeed = 87, elbowCosine = 89
        public static let armExtension = 91
    }

    public let frames: Int
    public let rate: Double

    public init(frames: Int = 120, rate: Double = 60) {
        self.frames = frames
        self.rate = rate
    }

    public var featureCount: Int { Self.channelCount * frames }

    /// Writes the features of `window` (which must have `frames` frames) into `out[0 ..< featureCount]`
    /// and returns the body frame used.
    @discardableResult
    public func extract<W: WindowSource>(_ window: W, mirror: Bool, into out: UnsafeMutablePointer<Float>) -> BodyFrame {
        precondition(window.frameCount == frames, "window has \(window.frameCount) frames, expected \(frames)")
        let body = BodyFrame.estimate(window, mirror: mirror)
        let T = frames
        let J = Self.bodyJoints.count
        let mirrorIndex = JointLayout.canonical.mirrorIndex
        // Joint read for slot j: with mirroring, the body's left side comes from the right joint.
        let source = Self.bodyJoints.map { mirror ? mirrorIndex[$0.rawValue] : $0.rawValue }

        // Body-frame positions and validity, [t][j].
        var pos = [Vec3](repeating: .zero, count: T * J)
        var valid = [Bool](repeating: false, count: T * J)
        var conf = [Float](repeating: 0, count: T * J)
        for t in 0..<T {
            for j in 0..<J {
                let c = window.confidence(t, source[j])
                conf[t * J + j] = Float(c)
                if c > BodyFrame.minConfidence {
                    valid[t * J + j] = true
                    pos[t * J + j] = body.apply(window.point(t, source[j]), frame: t)
                }
            }
        }
        @inline(__always) func put(_ channel: Int, _ t: Int, _ v: Double) { out[channel * T + t] = Float(v) }

        let velocityScale = rate / 2 / 10  // central difference over 2 frames, then ÷ 10
        for t in 0..<T {
            let tp = max(t - 1, 0), tn = min(t + 1, T - 1)
            let span = Double(tn - tp)
            for j in 0..<J {
                let p = valid[t * J + j] ? pos[t * J + j] : .zero
                put(Channel.position + 3 * j, t, p.x); put(Channel.position + 3 * j + 1, t, p.y); put(Channel.position + 3 * j + 2, t, p.z)
                var v = Vec3.zero
                if valid[tp * J + j] && valid[tn * J + j] {
                    v = (pos[tn * J + j] - pos[tp * J + j]) * (velocityScale * 2 / span)
                }
                put(Channel.velocity + 3 * j, t, v.x); put(Channel.velocity + 3 * j + 1, t, v.y); put(Channel.velocity + 3 * j + 2, t, v.z)
                out[(Channel.confidence + j) * T + t] = conf[t * J + j]
                if j == 4 || j == 5 { put(Channel.wristSpeed + (j - 4), t, v.length) }
            }
            let root = body.applyDirection(body.centres[t] - body.meanCentre)
            put(Channel.root, t, root.x); put(Channel.root + 1, t, root.y); put(Channel.root + 2, t, root.z)
            for (k, (s, e, w)) in [(0, 2, 4), (1, 3, 5)].enumerated() {
                var cosine = 0.0
                if valid[t * J + s] && valid[t * J + e] && valid[t * J + w] {
                    let u = (pos[t * J + s] - pos[t * J + e]).normalized, v = (pos[t * J + w] - pos[t * J + e]).normalized
                    cosine = u.dot(v)
                }
                put(Channel.elbowCosine + k, t, cosine)
                let reach = valid[t * J + s] && valid[t * J + w] ? (pos[t * J + w] - pos[t * J + s]).length : 0
                put(Channel.armExtension + k, t, reach)
            }
        }
        return body
    }

    /// Features of `window` as a new array (convenience for tests and tools).
    public func features<W: WindowSource>(_ window: W, mirror: Bool) -> [Float] {
        var out = [Float](repeating: 0, count: featureCount)
        out.withUnsafeMutableBufferPointer { _ = extract(window, mirror: mirror, into: $0.baseAddress!) }
        return out
    }
}
