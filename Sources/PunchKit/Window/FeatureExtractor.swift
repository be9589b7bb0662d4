/// Turns a window of canonical frames into the classifier's input tensor, channel-major
/// (`channels × frames` floats, one row a channel), in two blocks for the 12 body joints (shoulders,
/// elbows, wrists, hips, knees, ankles — the joints every supported layout has; the face is left out
/// because SMPL and Kinect only know a head centre):
///
/// **The view** (every source has it; `ImageFrame`: the picture, centred on the hips, in torso lengths):
/// - 12 visibilities: 1 where the joint is seen (confidence above `BodyFrame.minConfidence`), else 0.
///   Not the confidence itself: every pose tool scores differently (BlazePose's visibility, YOLO's
///   keypoint score, Kinect's tracking state, none at all for HybrIK), and a synthetic confidence that
///   dips when a fast wrist blurs could teach the network that a dip *is* a punch;
/// - 24 image positions (x, y) and 24 image velocities (torso lengths per second ÷ 10),
/// - 2 root displacement in the picture (steps, walking),
/// - 2 wrist speeds, 2 elbow cosines and 2 arm extensions, measured in the picture,
/// - 1 depth flag: 1 when the second block is real 3D,
/// - 4 foreshortenings (upper arm and forearm of each side): how far the bone points along the camera
///   ray, read from its shortening in the picture (`Foreshortening`) — the depth a single camera does
///   show, where a jab thrown at the lens barely moves the wrist in x and y.
///
/// **The body in 3D** (`BodyFrame`: turned to face forward; all zero — after standardisation — for 2D
/// keypoints, see `PunchClassifier.standardise`):
/// - 36 positions (x, y, z in torso lengths) and 36 velocities,
/// - 3 root displacement from the window's mean centre,
/// - 2 wrist speeds, 2 elbow cosines (straight arm = −1), 2 arm extensions (wrist–shoulder distance):
///   how far a hand is out — what tells a jab from a feint, and a held jab from a double jab's retraction.
///
/// Why both: monocular 3D is weakest exactly where a webcam user punches — straight at the lens, where
/// BlazePose's world depth hardly moves — while the picture shows the arm rising and the elbow closing
/// in on the shoulder; and most pose tools give only 2D. Real 3D (Kinect, side views) still helps where
/// the picture is ambiguous. The network is trained with the 3D block dropped in part of the windows
/// (`Augmentation.depthDropout`), so either input works.
///
/// A joint at or below `BodyFrame.minConfidence` reads as 0 in every channel that uses it.
/// Bone vectors are left out on purpose: they are differences of position channels of the same frame,
/// which the first convolution forms by itself.
public struct FeatureExtractor: Sendable {
    public static let bodyJoints: [Joint] = [
        .leftShoulder, .rightShoulder, .leftElbow, .rightElbow, .leftWrist, .rightWrist,
        .leftHip, .rightHip, .leftKnee, .rightKnee, .leftAnkle, .rightAnkle,
    ]
    public static let viewChannels = 12 + 24 + 24 + 2 + 2 + 2 + 2 + 1 + 4
    public static let bodyChannels = 36 + 36 + 3 + 2 + 2 + 2
    public static let channelCount = viewChannels + bodyChannels

    /// First channel of each group.
    public enum Channel {
        public static let visible = 0, image = 12, imageVelocity = 36, imageRoot = 60, imageWristSpeed = 62
        public static let imageElbowCosine = 64, imageArmExtension = 66, depthFlag = 68, imageForeshortening = 69
        public static let position = 73, velocity = 109, root = 145, wristSpeed = 148, elbowCosine = 150
        public static let armExtension = 152
        /// The 3D block, zeroed for windows without depth.
        public static let body = position..<channelCount
    }

    /// Whether raw (unstandardised) features of a window of `frames` carry its 3D block: their depth flag.
    public static func hasDepth(_ features: [Float], frames: Int) -> Bool {
        features.withUnsafeBufferPointer { hasDepth($0.baseAddress!, frames: frames) }
    }

    /// `hasDepth` of features in place (channel-major, `channels × frames` from `features`).
    public static func hasDepth(_ features: UnsafePointer<Float>, frames: Int) -> Bool {
        features[Channel.depthFlag * frames] > 0.5
    }

    public let frames: Int
    public let rate: Double

    public init(frames: Int = 120, rate: Double = 60) {
        self.frames = frames
        self.rate = rate
    }

    public var featureCount: Int { Self.channelCount * frames }

    // Specialised for the two windows inference reads (the live ring buffer and a sequence's window): across a
    // module boundary a generic function runs unspecialised, every joint read a protocol witness call — a third of
    // the features' time in `perf`. The same maths, the same values (docs/classifier.md, "Speed").
    /// Writes the features of `window` (which must have `frames` frames) into `out[0 ..< featureCount]`
    /// and returns the body frame used.
    @discardableResult
    @_specialize(exported: true, where W == WindowBuffer)
    @_specialize(exported: true, where W == SequenceWindow)
    public func extract<W: WindowSource>(_ window: W, mirror: Bool, into out: UnsafeMutablePointer<Float>) -> BodyFrame {
        precondition(window.frameCount == frames, "window has \(window.frameCount) frames, expected \(frames)")
        let T = frames
        let J = Self.bodyJoints.count
        let mirrorIndex = JointLayout.canonical.mirrorIndex
        // Joint read for slot j: with mirroring, the body's left side comes from the right joint.
        let source = Self.bodyJoints.map { mirror ? mirrorIndex[$0.rawValue] : $0.rawValue }
        var valid = [Bool](repeating: false, count: T * J)
        for t in 0..<T {
            for j in 0..<J {
                let seen = window.confidence(t, source[j]) > BodyFrame.minConfidence
                out[(Channel.visible + j) * T + t] = seen ? 1 : 0
                valid[t * J + j] = seen
            }
        }
        let view = ImageFrame.estimate(window, mirror: mirror)
        var pos = [Vec3](repeating: .zero, count: T * J)
        for t in 0..<T { for j in 0..<J where valid[t * J + j] { pos[t * J + j] = view.apply(window.image(t, source[j]), frame: t) } }
        writeKinematics(pos, valid: valid, dimensions: 2, root: { view.applyDirection(view.centres[$0] - view.meanCentre) },
                        channels: (Channel.image, Channel.imageVelocity, Channel.imageRoot, Channel.imageWristSpeed,
                                   Channel.imageElbowCosine, Channel.imageArmExtension), into: out)
        Foreshortening.write(pos, valid: valid, frames: T, channel: Channel.imageForeshortening, into: out)
        let depth = window.hasDepth
        for t in 0..<T { out[Channel.depthFlag * T + t] = depth ? 1 : 0 }

        let body = BodyFrame.estimate(window, mirror: mirror)
        if depth {
            for t in 0..<T {
                for j in 0..<J { pos[t * J + j] = valid[t * J + j] ? body.apply(window.point(t, source[j]), frame: t) : .zero }
            }
            writeKinematics(pos, valid: valid, dimensions: 3, root: { body.applyDirection(body.centres[$0] - body.meanCentre) },
                            channels: (Channel.position, Channel.velocity, Channel.root, Channel.wristSpeed,
                                       Channel.elbowCosine, Channel.armExtension), into: out)
        } else {
            for c in Channel.body { for t in 0..<T { out[c * T + t] = 0 } }
        }
        return body
    }

    /// Positions, velocities, root motion, wrist speeds, elbow cosines and arm extensions of normalised
    /// joint positions `pos` ([t][j]), the first `dimensions` coordinates of each (2 for the picture, 3
    /// for the body), into the channel groups starting at `channels`.
    private func writeKinematics(_ pos: [Vec3], valid: [Bool], dimensions: Int, root: (Int) -> Vec3,
                                 channels: (position: Int, velocity: Int, root: Int, wristSpeed: Int, elbowCosine: Int, armExtension: Int),
                                 into out: UnsafeMutablePointer<Float>) {
        let T = frames, J = Self.bodyJoints.count, D = dimensions
        @inline(__always) func put(_ channel: Int, _ t: Int, _ v: Double) { out[channel * T + t] = Float(v) }
        @inline(__always) func component(_ v: Vec3, _ k: Int) -> Double { k == 0 ? v.x : (k == 1 ? v.y : v.z) }
        let velocityScale = rate / 2 / 10  // central difference over 2 frames, then ÷ 10
        for t in 0..<T {
            let tp = max(t - 1, 0), tn = min(t + 1, T - 1)
            let span = Double(tn - tp)
            for j in 0..<J {
                let p = pos[t * J + j]
                var v = Vec3.zero
                if valid[tp * J + j] && valid[tn * J + j] {
                    v = (pos[tn * J + j] - pos[tp * J + j]) * (velocityScale * 2 / span)
                }
                for k in 0..<D {
                    put(channels.position + D * j + k, t, component(p, k))
                    put(channels.velocity + D * j + k, t, component(v, k))
                }
                if j == 4 || j == 5 { put(channels.wristSpeed + (j - 4), t, v.length) }
            }
            let r = root(t)
            for k in 0..<D { put(channels.root + k, t, component(r, k)) }
            for (k, (s, e, w)) in [(0, 2, 4), (1, 3, 5)].enumerated() {
                var cosine = 0.0
                if valid[t * J + s] && valid[t * J + e] && valid[t * J + w] {
                    let u = pos[t * J + s] - pos[t * J + e], v = pos[t * J + w] - pos[t * J + e]
                    if u.length > 1e-9 && v.length > 1e-9 { cosine = u.normalized.dot(v.normalized) }
                }
                put(channels.elbowCosine + k, t, cosine)
                let reach = valid[t * J + s] && valid[t * J + w] ? (pos[t * J + w] - pos[t * J + s]).length : 0
                put(channels.armExtension + k, t, reach)
            }
        }
    }

    /// Features of `window` as a new array (convenience for tests and tools).
    public func features<W: WindowSource>(_ window: W, mirror: Bool) -> [Float] {
        var out = [Float](repeating: 0, count: featureCount)
        out.withUnsafeMutableBufferPointer { _ = extract(window, mirror: mirror, into: $0.baseAddress!) }
        return out
    }
}
