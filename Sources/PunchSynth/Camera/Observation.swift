#if canImport(Glibc)
import Glibc
#else
import Foundation
#endif
import PunchKit

/// How a pose model sees the boxer: image and world coordinates with their errors, a confidence per
/// joint, and joints that drop out. Errors follow what BlazePose does: image jitter of 0.3–2 % of the
/// torso, world landmarks (hip-centred, camera-aligned) jittering 1–3 cm with slowly drifting, larger
/// depth errors; joints hidden behind the body lose confidence and gain error; fast wrists blur.
///
/// What a monocular model gets wrong in a way that matters for punches (generator version 3):
/// - **Depth of motion along the camera ray is compressed.** Its world z is regressed from one picture,
///   so it keeps the depth of a held pose but barely follows a fast change of it: a jab thrown straight
///   at a phone camera moved BlazePose's lead wrist from 0.25 m to 0.29 m off the shoulder (this project's
///   extractor and MediaPipe 0.10.14 agree; issue 12) while the wrist really travels about 0.4 m forward
///   and 160 px in the picture. Modelled as depth relative to the hips following a slow anchor (the
///   held pose, time constant `depthAnchorTime`) plus `depthMotionGain` × the motion away from it:
///   gain 0.05–0.35 (BlazePose-like) in 60 % of clips, 0.35–1 (depth sensors such as PRECOG's Kinect,
///   or model fits such as HybrIK) in the rest.
/// - **Smoothing lag.** The extractor's one-euro filters (`CVBridge/PosePipeline.cpp`, MediaPipe's
///   pose_landmark_filtering: image min cutoff 0.05 Hz, β 80 on speed in units of the person's size;
///   world 0.1 Hz, β 40) delay and flatten the fastest motion: the peak of a punch. Applied with β ×
///   0.5–2 in 75 % of clips; the rest are unsmoothed, as YOLO-pose, RTMO or OpenPose give.
/// - **Left/right swaps**: for a few frames the two arms' labels trade places (seen with side views and
///   crossing arms); rare bursts of 2–8 frames in a third of the clips.
/// - **Outliers**: errors are heavy-tailed: now and then a joint jumps 0.2–0.6 torso lengths for 1–3
///   frames (a glove taken for a wrist, motion blur, Kinect v1 losing a hand), in half the clips.
/// - **Wander** (only where a spec asks for it, `"image_wander": true`; measured and not shipped, see
///   docs/real-people.md): a 2D tool's joints drift as well as jitter, keeping a bias for a while (the same
///   clothes, the same shadow). The picture's torso length about its median over 2 s
///   (`tools/punch-shapes --hip-jumps`, median frame / 90th percentile) is 1.9 / 6.0 % off in BoxingVI,
///   2.5 / 7.5 % in the shadow-boxer's hooks, 3.1 / 11.6 % in cs229, 3.9 / 27 % in BoxingForm; the
///   generator without wander gave 1.1 / 4.2 %. A wander of 1–10 % of the torso per joint and axis
///   (time constant 0.25–1 s) in 80 % of clips gives 2.3 / 7.6 %, amid the real sets.
/// - **Motion blur** (only where a spec asks for it, `"motion_blur": true`; measured and not shipped, see
///   docs/real-people.md): the shutter is open for `exposure` × the frame interval (per clip 0–1: webcams
///   indoors expose for up to the whole interval, phones and broadcasts for 1/500–1/100 s), a fast joint is
///   a streak, and the pose model finds it anywhere along the streak: at a uniformly drawn moment of the
///   exposure, fresh each frame and joint; and off the streak, across the joint's motion, by a share of its
///   step since the last frame (`acrossScatter`, per clip 0–0.4). Sized on `tools/punch-shapes --stray`: a real
///   2D tool's fast wrist strays from the midpoint of its neighbouring frames across its motion 2.5–4 times as far
///   as the generator's without blur, in every real 2D set (wrist at 6–10 torso lengths a second: BoxingVI 0.039
///   torso lengths at 25 fps against 0.016, the shadow-boxer's 0.030 at 30 fps against 0.012, cs229 0.110 and
///   BoxingForm 0.080 at 15 fps against 0.028); with the blur 0.035, 0.027 and 0.052. Along the motion the real
///   wrists stray more too (BoxingVI 0.103 against 0.070, 0.078 with the blur), where real punches' own
///   speed changes are part of it.
struct ObservationModel: Sendable {
    var camera: CameraRig
    var noise: Bool
    /// Per-clip error levels.
    var imageJitter: Double
    var worldJitter: Double
    var depthDrift: Double
    var worldScale: Double
    var dropoutRate: Double
    var confidenceLevel: Double
    var depthMotionGain: Double
    var depthAnchorTime: Double
    /// Multiplier of the one-euro filters' β, or nil for no smoothing.
    var smoothing: Double?
    /// Chance per frame that the arms' labels start a swapped burst.
    var swapRate: Double
    /// Chance per frame and joint that the joint jumps away for a few frames.
    var outlierRate: Double
    /// Slow wander of every joint in the picture (torso lengths, per axis) and its time constant (seconds).
    var imageWander: Double
    var wanderTime: Double
    /// Share of the frame interval the shutter is open (0: no motion blur).
    var exposure: Double
    /// A blurred joint found off its streak: a fresh error across its motion each frame, this share of its step
    /// since the last frame (standard deviation).
    var acrossScatter: Double

    /// `wander`: draw a slow wander of the picture's joints (off, the random stream is that of generator 4
    /// without it, so the shipped data stays byte for byte what it was). `blur`: draw an exposure (from a
    /// stream of its own, so that every other draw of the data is as it was).
    init(camera: CameraRig, noise: Bool, wander: Bool = false, blur: Bool = false, rng: inout SeededRandom) {
        self.camera = camera
        self.noise = noise
        var shutter = rng.derived(Self.blurStream)
        exposure = blur && noise ? shutter.uniform(0, 1) : 0
        acrossScatter = blur && noise ? shutter.uniform(0, 0.4) : 0
        // Up to 4 % of the torso in the picture and 4 cm in space: YOLO-pose on broadcast footage and
        // Kinect v1 hands are noisier than BlazePose on a webcam.
        imageJitter = rng.uniform(0.003, 0.04)
        worldJitter = rng.uniform(0.008, 0.04)
        depthDrift = rng.uniform(0.02, 0.06)
        worldScale = noise ? rng.uniform(0.93, 1.07) : 1
        dropoutRate = rng.chance(0.3) ? 0 : rng.uniform(0, 0.004)
        confidenceLevel = rng.uniform(0.88, 0.97)
        depthMotionGain = rng.chance(0.6) ? rng.uniform(0.05, 0.35) : rng.uniform(0.35, 1)
        depthAnchorTime = rng.uniform(0.6, 2.0)
        smoothing = rng.chance(0.75) ? rng.uniform(0.5, 2) : nil
        swapRate = rng.chance(0.33) ? rng.uniform(0.001, 0.006) : 0
        outlierRate = rng.chance(0.5) ? rng.uniform(0.0005, 0.004) : 0
        if wander {
            imageWander = rng.chance(0.8) ? rng.uniform(0.01, 0.1) : 0
            wanderTime = rng.uniform(0.25, 1.0)
        } else {
            imageWander = 0
            wanderTime = 0.5
        }
        if !noise {
            imageWander = 0
            outlierRate = 0
            depthMotionGain = 1
            smoothing = nil
            swapRate = 0
        }
    }

    /// The index of the streams the motion blur draws from (the exposure, and each frame's moments).
    static let blurStream: UInt64 = 0xB1
}

/// The one-euro filter (Casiez, Roussel, Vogel 2012), as `CVBridge/OneEuro.hpp` runs it on landmarks.
struct OneEuro: Sendable {
    let minCutoff: Double, beta: Double, derivativeCutoff: Double
    private var x: Double? = nil, raw = 0.0, dx = 0.0

    init(minCutoff: Double, beta: Double, derivativeCutoff: Double = 1) {
        self.minCutoff = minCutoff
        self.beta = beta
        self.derivativeCutoff = derivativeCutoff
    }

    /// The smoothed value; the speed that opens the filter is measured in `scale` units.
    mutating func filter(_ value: Double, dt: Double, scale: Double) -> Double {
        guard let previous = x, dt > 0 else { x = value; raw = value; return value }
        let derivative = (value - raw) / scale / dt
        raw = value
        dx += Self.alpha(derivativeCutoff, dt) * (derivative - dx)
        let next = previous + Self.alpha(minCutoff + beta * abs(dx), dt) * (value - previous)
        x = next
        return next
    }

    private static func alpha(_ cutoff: Double, _ dt: Double) -> Double {
        let tau = 1 / (2 * Double.pi * cutoff)
        return 1 / (1 + tau / dt)
    }
}

/// The state of the observation errors (they are correlated in time), advanced frame by frame.
struct Observer: Sendable {
    var model: ObservationModel
    var rng: SeededRandom
    private var imageError = [Vec3](repeating: .zero, count: 17)
    private var wanderError = [Vec3](repeating: .zero, count: 17)
    private var worldError = [Vec3](repeating: .zero, count: 17)
    private var confidenceWander = [Double](repeating: 0, count: 17)
    private var dropout = [Int](repeating: 0, count: 17)
    private var previousTime: Double?
    private var previousPixels: [(Double, Double)]?
    /// Depth (relative to the hips) of the held pose, per joint: what a monocular model keeps.
    private var depthAnchor: [Double]? = nil
    private var swappedFrames = 0
    /// The joints' true places in the camera's frame at the last frame: where a motion-blur streak begins.
    private var previousCamera: [Vec3]?
    private var blurRng: SeededRandom
    private var outliers = [(frames: Int, image: Vec3, world: Vec3)](repeating: (0, .zero, .zero), count: 17)
    private var imageFilters: [OneEuro]
    private var worldFilters: [OneEuro]

    init(model: ObservationModel, rng: SeededRandom) {
        self.model = model
        self.rng = rng
        blurRng = rng.derived(ObservationModel.blurStream)
        let beta = model.smoothing ?? 0
        imageFilters = Array(repeating: OneEuro(minCutoff: 0.05, beta: 80 * beta), count: 17 * 2)
        worldFilters = Array(repeating: OneEuro(minCutoff: 0.1, beta: 40 * beta), count: 17 * 3)
    }

    /// One frame: `joints` in the fight frame (metres), observed at `time`.
    mutating func observe(time: Double, joints: [Vec3]) -> SkeletonFrame {
        let cam = model.camera
        let dt = previousTime.map { max(time - $0, 1e-3) } ?? (1.0 / 30)
        let firstFrame = previousTime == nil
        previousTime = time
        var c = joints.map(cam.toCamera)
        if cam.selfie {
            // A mirrored picture: x flips, and the pose model calls the boxer's left arm the right one.
            let partner = JointLayout.canonical.mirrorIndex
            c = (0..<17).map { i in
                let p = c[partner[i]]
                return Vec3(-p.x, p.y, p.z)
            }
        }
        if model.exposure > 0 {
            // Each joint seen at a moment drawn within the exposure, between this frame and the last.
            let truth = c
            if let previous = previousCamera {
                for j in 0..<17 { c[j] = c[j] - (c[j] - previous[j]) * (model.exposure * blurRng.unit()) }
            }
            previousCamera = truth
        }
        let lh = Joint.leftHip.rawValue, rh = Joint.rightHip.rawValue
        let hip = (c[lh] + c[rh]) * 0.5
        let pixels = c.map(cam.pixel)
        let hipDepth = max(hip.z, 0.3)
        let pxPerMetre = cam.focal / hipDepth
        let torsoMetres = ((c[5] + c[6]) * 0.5 - hip).length
        let torsoPx = torsoMetres * pxPerMetre

        let visibility = visibilities(camera: c, pixels: pixels, dt: dt)
        // Depth along the ray, relative to the hips, as a monocular model reports it (see the model).
        var relativeDepth = c.map { $0.z - hip.z }
        if model.depthMotionGain < 1 {
            let a = exp(-dt / model.depthAnchorTime)
            var anchor = depthAnchor ?? relativeDepth
            for j in 0..<17 {
                anchor[j] = anchor[j] * a + relativeDepth[j] * (1 - a)
                relativeDepth[j] = anchor[j] + model.depthMotionGain * (relativeDepth[j] - anchor[j])
            }
            depthAnchor = anchor
        }
        var positions = [Vec3](repeating: .zero, count: 17)
        var world = [Vec3](repeating: .zero, count: 17)
        var confidences = [Double](repeating: 0, count: 17)
        let aImage = exp(-dt / 0.08), aWorld = exp(-dt / 0.15), aDepth = exp(-dt / 0.7), aConf = exp(-dt / 0.3)
        for j in 0..<17 {
            var px = pixels[j].0, py = pixels[j].1
            if model.acrossScatter > 0, let previous = previousPixels {
                let sx = pixels[j].0 - previous[j].0, sy = pixels[j].1 - previous[j].1
                let e = model.acrossScatter * blurRng.gaussian()
                px -= sy * e
                py += sx * e
            }
            var pz = (c[j].z - hip.z) * pxPerMetre
            var w = Vec3(c[j].x - hip.x, c[j].y - hip.y, relativeDepth[j]) * model.worldScale
            var conf = visibility[j]
            if model.noise {
                let hidden = conf < 0.75 ? 2.5 : 1.0
                let s = model.imageJitter * torsoPx * hidden
                imageError[j] = imageError[j] * aImage + gaussian3() * (s * 0.8 * (1 - aImage * aImage).squareRoot())
                px += imageError[j].x + 0.6 * s * rng.gaussian()
                py += imageError[j].y + 0.6 * s * rng.gaussian()
                if model.imageWander > 0 {
                    // The wander starts where it would be after a while, not at zero.
                    let aWander = firstFrame ? 0 : exp(-dt / model.wanderTime)
                    let wander = model.imageWander * torsoPx * hidden * (1 - aWander * aWander).squareRoot()
                    wanderError[j] = wanderError[j] * aWander + Vec3(rng.gaussian(), rng.gaussian(), 0) * wander
                    px += wanderError[j].x
                    py += wanderError[j].y
                }
                pz += imageError[j].z * 3 + 1.5 * s * rng.gaussian()
                let ws = model.worldJitter * hidden
                let depth = model.depthDrift * hidden
                worldError[j] = Vec3(
                    worldError[j].x * aWorld + ws * (1 - aWorld * aWorld).squareRoot() * rng.gaussian(),
                    worldError[j].y * aWorld + ws * (1 - aWorld * aWorld).squareRoot() * rng.gaussian(),
                    worldError[j].z * aDepth + depth * (1 - aDepth * aDepth).squareRoot() * rng.gaussian())
                w += worldError[j] + gaussian3() * 0.004
                confidenceWander[j] = confidenceWander[j] * aConf + 0.03 * (1 - aConf * aConf).squareRoot() * rng.gaussian()
                conf = clamp(conf + confidenceWander[j], 0.02, 1)
                // Dropped joints: short bursts, more often at the fast-moving wrists.
                if dropout[j] > 0 {
                    dropout[j] -= 1
                    conf = 0
                } else if rng.chance(model.dropoutRate * (j == 9 || j == 10 ? 2 : 1)) {
                    dropout[j] = rng.int(0...6)
                    conf = 0
                }
            }
            positions[j] = Vec3(px, py, pz)
            world[j] = w
            confidences[j] = conf
        }
        if model.noise {
            // World landmarks are centred on the mid-hip in every frame, whatever their errors.
            let centre = (world[lh] + world[rh]) * 0.5
            for j in 0..<17 { world[j] = world[j] - centre }
        }
        if model.smoothing != nil {
            // MediaPipe scales the image filters' speed by the person's size (here 2.5 torso lengths).
            let size = max(torsoPx * 2.5, 1)
            for j in 0..<17 {
                positions[j].x = imageFilters[2 * j].filter(positions[j].x, dt: dt, scale: size)
                positions[j].y = imageFilters[2 * j + 1].filter(positions[j].y, dt: dt, scale: size)
                world[j].x = worldFilters[3 * j].filter(world[j].x, dt: dt, scale: 1)
                world[j].y = worldFilters[3 * j + 1].filter(world[j].y, dt: dt, scale: 1)
                world[j].z = worldFilters[3 * j + 2].filter(world[j].z, dt: dt, scale: 1)
            }
        }
        if model.outlierRate > 0 {
            for j in 0..<17 {
                if outliers[j].frames == 0 && rng.chance(model.outlierRate) {
                    let size = rng.uniform(0.2, 0.6)
                    let d = Vec3(rng.gaussian(), rng.gaussian(), rng.gaussian()).normalized * size
                    outliers[j] = (rng.int(1...3), d * torsoPx, d * torsoMetres)
                }
                if outliers[j].frames > 0 {
                    outliers[j].frames -= 1
                    positions[j].x += outliers[j].image.x
                    positions[j].y += outliers[j].image.y
                    world[j] += outliers[j].world
                }
            }
        }
        if model.swapRate > 0 {
            if swappedFrames > 0 { swappedFrames -= 1 } else if rng.chance(model.swapRate) { swappedFrames = rng.int(2...8) }
            if swappedFrames > 0 {
                for (l, r) in [(7, 8), (9, 10)] {
                    positions.swapAt(l, r); world.swapAt(l, r); confidences.swapAt(l, r)
                }
            }
        }
        previousPixels = pixels
        return SkeletonFrame(time: time, positions: positions, confidences: confidences, world: world)
    }

    private mutating func gaussian3() -> Vec3 { Vec3(rng.gaussian(), rng.gaussian(), rng.gaussian()) }

    /// Confidence before noise: high when seen, lower behind the trunk, behind the gloves (face) or out
    /// of the picture, lower for a blurred fast wrist.
    private func visibilities(camera c: [Vec3], pixels: [(Double, Double)], dt: Double) -> [Double] {
        let cam = model.camera
        var v = [Double](repeating: model.confidenceLevel, count: 17)
        let quad = [pixels[5], pixels[6], pixels[12], pixels[11]]
        let centre = quad.reduce((0.0, 0.0)) { ($0.0 + $1.0 / 4, $0.1 + $1.1 / 4) }
        let grown = quad.map { (centre.0 + ($0.0 - centre.0) * 1.2, centre.1 + ($0.1 - centre.1) * 1.2) }
        let trunkDepth = (c[5].z + c[6].z + c[11].z + c[12].z) / 4
        let headDepth = c[0].z
        let headPx = hypot(pixels[3].0 - pixels[4].0, pixels[3].1 - pixels[4].1) + 1
        for j in 0..<17 {
            let (x, y) = pixels[j]
            if x < 0 || y < 0 || x > Double(cam.width) || y > Double(cam.height) {
                // Outside the picture a pose model still guesses, with low visibility.
                v[j] = 0.15
                continue
            }
            if ![5, 6, 11, 12].contains(j), c[j].z > trunkDepth + 0.05, inside(x, y, grown) {
                v[j] = 0.5
            }
            // Gloves in front of the face hide the nose and eyes.
            if j <= 2 {
                for w in [9, 10] where c[w].z < headDepth - 0.05 && hypot(pixels[w].0 - x, pixels[w].1 - y) < headPx * 0.6 {
                    v[j] = min(v[j], 0.6)
                }
            }
            // An ear on the far side of the head.
            if j == 3 || j == 4, c[j].z > headDepth + 0.04 { v[j] = min(v[j], 0.55) }
        }
        if let previous = previousPixels {
            let torsoPx = hypot(pixels[5].0 - pixels[11].0, pixels[5].1 - pixels[11].1) + 1
            for w in [9, 10] {
                let speed = hypot(pixels[w].0 - previous[w].0, pixels[w].1 - previous[w].1) / dt / torsoPx
                // Above ~8 torso lengths a second a wrist smears across frames.
                if speed > 8 { v[w] = max(0.3, v[w] - 0.02 * (speed - 8)) }
            }
        }
        return v
    }

    private func inside(_ x: Double, _ y: Double, _ polygon: [(Double, Double)]) -> Bool {
        var inside = false
        var j = polygon.count - 1
        for i in 0..<polygon.count {
            let (xi, yi) = polygon[i], (xj, yj) = polygon[j]
            if (yi > y) != (yj > y), x < (xj - xi) * (y - yi) / (yj - yi) + xi { inside.toggle() }
            j = i
        }
        return inside
    }
}
