import PunchKit

/// Options of the generators.
public struct SynthOptions: Sendable, Equatable {
    /// Observation errors (jitter, drift, dropped joints, world scale). Off: exact positions of the model,
    /// for tests of the motion itself.
    public var noise: Bool
    /// A fixed camera instead of a random one (pictures, tests).
    public var camera: CameraRig?
    /// A fixed frame rate instead of a random 24–60 fps.
    public var fps: Double?
    /// The picture's joints wander slowly besides their jitter (`SynthSpec.imageWander`).
    public var imageWander: Bool
    /// The share of random cameras behind the boxer (`SynthSpec.camerasBehind`, `CameraRig.random`).
    public var camerasBehind: Double
    /// How often the idle stretches hold arm strikes, against kicks (`SynthSpec.armStrikes`, `IdlePlanner`).
    public var armStrikes: Double = 0
    /// Fast joints blur along their motion and scatter across it (`SynthSpec.motionBlur`, `ObservationModel`).
    public var motionBlur = false

    public init(noise: Bool = true, camera: CameraRig? = nil, fps: Double? = nil, imageWander: Bool = false,
                camerasBehind: Double = 0) {
        self.noise = noise
        self.camera = camera
        self.fps = fps
        self.imageWander = imageWander
        self.camerasBehind = camerasBehind
    }
}

/// Films a choreography: frame times at a webcam's rate with timestamp jitter, observed through a
/// camera and pose-model errors, quantised (px 0.01, m 0.0001, confidence 0.001, s 0.0001) so that
/// the values in memory are exactly those written.
struct Recorder {
    /// Webcams and phones (24–60 fps), and poses computed on every other frame (15 fps: cs229's YOLO
    /// ran with a frame stride of 2; BoxingForm sampled 15 frames a clip).
    static let rates: [Double] = [15, 24, 25, 30, 30, 30, 50, 60, 60]

    static func frameTimes(duration: Double, fps: Double, jitter: Bool, rng: inout SeededRandom) -> [Double] {
        let n = Int((duration * fps).rounded(.down)) + 1
        let sd = jitter ? rng.uniform(0, 0.12) / fps : 0
        return (0..<n).map { k in
            let t = Double(k) / fps + (k == 0 ? 0 : clamp(sd * rng.gaussian(), -0.35 / fps, 0.35 / fps))
            return quantise(t, 10_000)
        }
    }

    @inline(__always) static func quantise(_ x: Double, _ scale: Double) -> Double {
        let q = (x * scale).rounded() / scale
        return q == 0 ? 0 : q  // no negative zero
    }

    static func record(_ ch: Choreography, times: [Double], observer: inout Observer, source: String = "synth",
                       extra: [SkeletonSequence.KeyValue]) -> SkeletonSequence {
        var seq = SkeletonSequence(layout: .canonical, units: .px, source: source, subject: ch.subject.name,
                                   hasWorld: true, reservingFrames: times.count)
        seq.extra = extra
        for t in times {
            seq.append(quantised(observer.observe(time: t, joints: ch.joints(at: t))))
        }
        return seq
    }

    static func quantised(_ f: SkeletonFrame) -> SkeletonFrame {
        var q = f
        q.time = quantise(f.time, 10_000)
        q.positions = f.positions.map { Vec3(quantise($0.x, 100), quantise($0.y, 100), quantise($0.z, 100)) }
        q.world = f.world?.map { Vec3(quantise($0.x, 10_000), quantise($0.y, 10_000), quantise($0.z, 10_000)) }
        q.confidences = f.confidences.map { quantise($0, 1000) }
        return q
    }
}
