import Foundation
import PunchKit
import CLibcExtras

/// On-the-fly augmentation of a training window, applied to the raw 3D joints and image points before
/// normalisation.
///
/// The body frame already removes where the camera stands (position, distance, yaw) and the stance
/// (mirroring), so rotation about the vertical and mirroring only exercise the estimates of that frame;
/// what normalisation cannot remove is varied here: speed (time warp), camera pitch, monocular depth
/// error (z scaled about the hips), body proportions (per-axis scale), noise (white jitter and a slow
/// wobble, in torso lengths), and dropped joints (single joints for a while, or the legs, as when a
/// webcam sees only the upper body). In the picture: a camera's roll, an unknown aspect ratio (normalised
/// coordinates of a frame whose size was not recorded), jitter; and the 3D block is dropped from a share
/// of the windows (`depthDropout`) so the network also learns from the picture alone, as 2D keypoints give.
public struct Augmentation: Codable, Equatable, Sendable {
    /// Down to half speed: CoachMe's beginners jab about half as fast as the synthetic boxer (docs/synthetic-boxer.md,
    /// "Against real punches").
    public var timeWarp: ClosedRange<Double> = 0.5...1.5
    public var yawDegrees: Double = 180
    public var pitchDegrees: Double = 15
    public var depthScale: ClosedRange<Double> = 0.7...1.3
    public var axisScale: ClosedRange<Double> = 0.92...1.08
    /// Standard deviation of per-frame jitter, in torso lengths (upper bound; each window draws its own).
    public var jitter: Double = 0.02
    /// Amplitude of a slow (≈1 Hz) wobble per joint, in torso lengths.
    public var wobble: Double = 0.03
    public var jointDropout: Double = 0.03
    /// A laptop webcam at arm's length sees the head to the hips: in webcam-dev the knees and ankles
    /// have confidence below 0.15 in every frame.
    public var legDropout: Double = 0.4
    /// Standard deviation of a fixed offset per joint and window, in torso lengths: where a tool puts a
    /// joint differs (COCO's hips sit higher and wider than SMPL's, Kinect's shoulder is inside the
    /// deltoid, HybrIK's wrist is the joint centre), so no exact body proportion should matter.
    public var jointDefinition: Double = 0.04
    /// Share of windows that lose their 3D block (2D keypoints, or depth not to be trusted). The 2D path does
    /// not gain from more of them: at 0.4 and 0.8 the 2D real sets read as at 0.6 over eight and six networks,
    /// while 0.4 reads PRECOG's Kinect clips better in eight of eight and synthetic 2D worse in seven of eight,
    /// and 0.8 gives PRECOG more false events in six of six (docs/real-people.md, the nineteenth stop).
    public var depthDropout: Double = 0.6
    /// Camera roll in the picture, degrees (±).
    public var rollDegrees: Double = 6
    /// Horizontal stretch of the picture: normalised coordinates of a frame whose size was not recorded. The
    /// range covers near-square frames only (4:3 is 0.75); 16:9 (0.56) and portrait (1.78) are outside it, and
    /// stretching BoxingForm's normalised clips by those factors moved its jab recall by less than 0.05
    /// (docs/real-people.md, the seventh stop).
    public var aspect: ClosedRange<Double> = 0.8...1.25
    /// Share of windows cut like a clip that holds only the action, held still at both ends: what
    /// `ShortClipPadding` shows the network of real clip sets cut tight (BoxingVI's clips are the punch
    /// alone, median 0.32 s; BoxingForm's 1 s; PRECOG's and CoachMe's under 2 s). Off in the shipped
    /// model: at 0.25 it moved the real sets by less than the spread between seeds and cost synthetic
    /// clips 2 points (docs/real-people.md, "Variants of this stop").
    public var clipCut: Double = 0
    /// Share of windows whose arm joints flicker out in bursts, as a 2D pose tool loses them: cs229-dev's
    /// YOLO tracks of broadcast fights miss the wrists in 10 % and 28 % of their frames and the elbows in 3 %
    /// and 11 %, in runs of a few frames, as much away from the punch as near it (the far arm hidden by the
    /// near one, a glove taken for no hand). In such a window each wrist is missing in up to `armFlickerRate`
    /// of its frames and each elbow in up to half that, in bursts of 4–20 frames at 60 fps. Off in the shipped
    /// model: at 0.3 it read synthetic clips that lose their wrists so far better (2D macro-F1 0.786 → 0.829,
    /// four networks) and cs229 a little (0.269 → 0.293), but the real sets worse in four pairs of four (mean
    /// 0.609 → 0.578; docs/real-people.md, the eighth stop).
    public var armFlicker: Double = 0
    public var armFlickerRate: Double = 0.4
    /// Standard deviation, in torso lengths per axis, of where a window's hands rest in guard (`GuardPlacement`):
    /// the synthetic guard always holds the fists by the chin with the elbows in, while real people hold them
    /// at the chest (fight footage, 0.16–0.43 torso lengths below the shoulder against 0.01–0.12), far out, or
    /// with the lead elbow flared (webcam-dev: the lead wrist half a shoulder width outside its shoulder).
    /// Each hand gets a fixed offset for the window, its elbow half of it and some of its own, fading to
    /// nothing as the arm reaches out, so a guard held anywhere is still a guard and the punch still ends where
    /// it ends. Applied to `guardPlacementShare` of the windows; 0: off. Off in the shipped model: at 0.2 the
    /// webcam's guard no longer read as a punch, nor did some of its punches, and the real mean did not move
    /// (0.612 → 0.614 over six networks; at 0.1, 0.612; docs/real-people.md, the eighteenth stop).
    public var guardPlacement: Double = 0
    public var guardPlacementShare: Double = 0.5
    /// Share of the windows of a depth sensor's skeleton (camera-space metres without a picture of their own:
    /// PRECOG's Kinect) whose picture is taken again by a random camera, the body turned to any view the
    /// synthetic cameras take (`VirtualView.swift`): real motion seen from the side in the picture, where the
    /// sensor only ever filmed it from the front. Off in the shipped model: at 1 it read BoxingVI's side-on
    /// straights better in five networks of six (recall 0.24 → 0.37), PRECOG's own clips, BoxingForm and the small
    /// hook sets worse; pooled over the real sets −0.002 [−0.027, +0.022] (docs/real-people.md, the twenty-seventh
    /// stop).
    public var virtualViews: Double = 0
    /// Share of the windows without their 3D block that are read as 2D keypoints are read: not mirrored by the
    /// boxer's stance, which 2D input cannot tell (`StanceEstimator`: which foot leads is a matter of depth), so a
    /// southpaw, or an orthodox boxer filmed by a mirroring front camera, comes as it is and the network learns
    /// which hand leads from the picture. 0: every window mirrored by its stance, as before. Off in the shipped model:
    /// at 1 it read synthetic southpaws as 2D without their stance far better (0.450 → 0.907 over six networks) and the
    /// shadow-boxer's internet hooks (0.305 → 0.597), and real orthodox people filmed from behind worse (CoachMe as 2D
    /// 0.866 → 0.709; from behind a 2D orthodox boxer is a southpaw seen from the front); pooled over the real sets
    /// +0.009 [−0.022, +0.040] (docs/real-people.md, the twenty-ninth stop).
    public var stanceUnknown2D: Double = 0

    public init() {}

    public static let none: Augmentation = {
        var a = Augmentation()
        a.timeWarp = 1...1
        a.yawDegrees = 0
        a.pitchDegrees = 0
        a.depthScale = 1...1
        a.axisScale = 1...1
        a.jitter = 0
        a.wobble = 0
        a.jointDropout = 0
        a.legDropout = 0
        a.depthDropout = 0
        a.jointDefinition = 0
        a.rollDegrees = 0
        a.aspect = 1...1
        a.clipCut = 0
        a.armFlicker = 0
        a.guardPlacement = 0
        a.virtualViews = 0
        a.stanceUnknown2D = 0
        return a
    }()
}

/// A window cut from a 60 fps canonical sequence, possibly augmented; read by the feature extractor.
public struct AugmentedWindow: WindowSource {
    public let frameCount: Int
    // Internal, not private: `GuardPlacement.swift` moves the arms' joints.
    var points: [Vec3]
    var images: [Vec3]
    var confidences: [Double]
    public var hasDepth: Bool
    /// The picture is x and y of camera-space 3D joints (a depth sensor's), which `VirtualView` can film again.
    let cameraSpace3D: Bool
    private static let joints = JointLayout.canonical.count

    @inline(__always) public func point(_ t: Int, _ joint: Int) -> Vec3 { points[t * Self.joints + joint] }
    @inline(__always) public func image(_ t: Int, _ joint: Int) -> Vec3 { images[t * Self.joints + joint] }
    @inline(__always) public func confidence(_ t: Int, _ joint: Int) -> Double { confidences[t * Self.joints + joint] }

    /// The window whose newest frame is source frame `end` (fractional source times when warped).
    /// `torso` is the sequence's torso length in its own units (noise is scaled by it).
    public init(_ s: SkeletonSequence, end: Int, frames T: Int, speed: Double = 1) {
        let J = Self.joints
        frameCount = T
        points = [Vec3](repeating: .zero, count: T * J)
        images = [Vec3](repeating: .zero, count: T * J)
        confidences = [Double](repeating: 0, count: T * J)
        hasDepth = s.hasBodyDepth
        cameraSpace3D = Self.isCameraSpace3D(s)
        let n = s.frameCount
        for i in 0..<T {
            let src = Double(end) - Double(T - 1 - i) * speed
            let clamped = min(max(src, 0), Double(n - 1))
            let a = Int(clamped.rounded(.down)), b = min(a + 1, n - 1)
            let u = clamped - Double(a)
            for j in 0..<J {
                let ca = s.confidence(frame: a, joint: j), cb = s.confidence(frame: b, joint: j)
                if u == 0 || (ca > 0 && cb > 0) {
                    points[i * J + j] = u == 0 ? s.worldPosition(frame: a, joint: j)
                        : Vec3.lerp(s.worldPosition(frame: a, joint: j), s.worldPosition(frame: b, joint: j), u)
                    confidences[i * J + j] = u == 0 ? ca : ca + (cb - ca) * u
                    let pa = s.position(frame: a, joint: j)
                    let q = u == 0 ? pa : Vec3.lerp(pa, s.position(frame: b, joint: j), u)
                    images[i * J + j] = Vec3(q.x, q.y, 0)
                }
            }
        }
    }

    /// Holds the window still outside the source frames `kept` (as `ShortClipPadding` repeats a short
    /// clip's first and last frames), for a window whose newest frame is source frame `end` read at `speed`.
    /// Applied after the noise: a padded clip repeats its observed frames, jitter and all.
    public mutating func hold(outside kept: ClosedRange<Double>, end: Int, speed: Double) {
        let J = Self.joints, T = frameCount
        func index(_ source: Double) -> Int { Int((Double(T - 1) - (Double(end) - source) / speed).rounded()) }
        let first = min(max(index(kept.lowerBound), 0), T - 1), last = min(max(index(kept.upperBound), first), T - 1)
        func copy(from f: Int, to t: Int) {
            for j in 0..<J {
                points[t * J + j] = points[f * J + j]
                images[t * J + j] = images[f * J + j]
                confidences[t * J + j] = confidences[f * J + j]
            }
        }
        for t in 0..<first { copy(from: first, to: t) }
        for t in (last + 1)..<T { copy(from: last, to: t) }
    }

    /// Applies the random parts of `a` (everything but the time warp, which `init` takes as `speed`).
    /// `torso` and `imageTorso`: the sequence's torso length in its 3D and its image units.
    public mutating func augment(_ a: Augmentation, torso: Double, imageTorso: Double, rng: inout SeededRandom) {
        let J = Self.joints, T = frameCount
        let hips = (Joint.leftHip.rawValue, Joint.rightHip.rawValue)
        // Rotation: yaw about the camera's vertical, then pitch.
        let rotation = Rotation3.aboutX(rng.uniform(-a.pitchDegrees, a.pitchDegrees) * .pi / 180)
            * Rotation3.aboutY(rng.uniform(-a.yawDegrees, a.yawDegrees) * .pi / 180)
        let depth = rng.uniform(a.depthScale.lowerBound, a.depthScale.upperBound)
        let scale = Vec3(rng.uniform(a.axisScale.lowerBound, a.axisScale.upperBound),
                         rng.uniform(a.axisScale.lowerBound, a.axisScale.upperBound),
                         rng.uniform(a.axisScale.lowerBound, a.axisScale.upperBound))
        let jitter = rng.uniform(0, a.jitter) * torso
        // Noise only where the features look (the body joints), two normals per Box–Muller draw.
        let noisy = FeatureExtractor.bodyJoints.map(\.rawValue)
        // The wobble is a slow sinusoid per joint and axis; its phase turns by a fixed step per frame
        // (rotating (cos, sin) pairs instead of calling sin 4 000 times a window).
        let wobble = rng.uniform(0, a.wobble) * torso
        let wobbleRate = rng.uniform(0.5, 1.5) * 2 * .pi / 60
        let steps = [wobbleRate, wobbleRate * 1.3, wobbleRate * 0.7].map { (cos($0), sin($0)) }
        var phase = noisy.map { _ in (0..<3).map { _ -> (c: Double, s: Double) in let a = rng.uniform(0, 6.3); return (cos(a), sin(a)) } }
        var spare: Double? = nil
        func normal() -> Double {
            if let s = spare { spare = nil; return s }
            let u1 = max(rng.unit(), 1e-300), u2 = rng.unit()
            let r = (-2 * log(u1)).squareRoot()
            var sine = 0.0, cosine = 0.0
            sincos(2 * .pi * u2, &sine, &cosine)   // sin's and cos's values, in one call (CLibcExtras)
            spare = r * sine
            return r * cosine
        }
        // Drawn only when on, so that a model trained without it keeps its random stream (and its weights).
        if a.virtualViews > 0, cameraSpace3D, rng.chance(a.virtualViews) { filmFromVirtualCamera(rng: &rng) }
        // The picture: roll and stretch about the window's mean hip point, then the same kind of noise.
        let roll = rng.uniform(-a.rollDegrees, a.rollDegrees) * .pi / 180
        let stretch = rng.uniform(a.aspect.lowerBound, a.aspect.upperBound)
        let imageJitter = rng.uniform(0, a.jitter) * imageTorso
        var pivot = Vec3.zero
        for t in 0..<T { pivot += (images[t * J + hips.0] + images[t * J + hips.1]) * (0.5 / Double(T)) }
        let (cr, sr) = (cos(roll), sin(roll))
        for k in 0..<(T * J) {
            let d = images[k] - pivot
            images[k] = pivot + Vec3((d.x * cr - d.y * sr) * stretch, d.x * sr + d.y * cr, 0)
        }
        if imageJitter > 0 {
            for t in 0..<T { for j in noisy { images[t * J + j] += Vec3(normal(), normal(), 0) * imageJitter } }
        }
        if a.jointDefinition > 0 {
            for j in noisy {
                let inPicture = Vec3(normal(), normal(), 0) * (a.jointDefinition * imageTorso)
                let inSpace = Vec3(normal(), normal(), normal()) * (a.jointDefinition * torso)
                for t in 0..<T { images[t * J + j] += inPicture; points[t * J + j] += inSpace }
            }
        }
        // Drawn only when on, so that a model trained without it keeps its random stream (and its weights).
        if a.guardPlacement > 0, rng.chance(a.guardPlacementShare) {
            placeGuard(sigma: a.guardPlacement, torso: torso, imageTorso: imageTorso, normal: normal)
        }
        if rng.chance(a.depthDropout) { hasDepth = false }
        for t in 0..<T {
            let centre = (points[t * J + hips.0] + points[t * J + hips.1]) * 0.5
            for j in 0..<J {
                var p = points[t * J + j] - centre
                p.z *= depth
                p = Vec3(p.x * scale.x, p.y * scale.y, p.z * scale.z)
                points[t * J + j] = centre + rotation.apply(p)
            }
            for (k, j) in noisy.enumerated() {
                var d = Vec3(phase[k][0].s, phase[k][1].s, phase[k][2].s) * wobble
                if jitter > 0 { d += Vec3(normal(), normal(), normal()) * jitter }
                points[t * J + j] += d
                for axis in 0..<3 {
                    let (c, sn) = phase[k][axis], (dc, ds) = steps[axis]
                    phase[k][axis] = (c * dc - sn * ds, sn * dc + c * ds)
                }
            }
        }
        // Dropped joints: a random span of frames for single joints; the whole window for the legs.
        for j in 0..<J where rng.chance(a.jointDropout) {
            let start = Int(rng.uniform(0, Double(T))), length = Int(rng.uniform(5, 60))
            for t in start..<min(T, start + length) { confidences[t * J + j] = 0 }
        }
        if rng.chance(a.legDropout) {
            let legs = [Joint.leftKnee, .rightKnee, .leftAnkle, .rightAnkle].map(\.rawValue)
            let level = rng.uniform(0, BodyFrame.minConfidence)  // hallucinated, low-visibility legs
            for t in 0..<T { for j in legs { confidences[t * J + j] = min(confidences[t * J + j], level) } }
        }
        // Drawn only when on, so that a model trained without it keeps its random stream (and its weights).
        if a.armFlicker > 0, rng.chance(a.armFlicker) {
            for (joint, most) in [(Joint.leftWrist, 1.0), (.rightWrist, 1.0), (.leftElbow, 0.5), (.rightElbow, 0.5)] {
                let rate = rng.uniform(0, a.armFlickerRate * most)
                // Bursts until the share is lost (at most T tries: bursts may overlap).
                var missing = 0, tries = 0
                while Double(missing) < rate * Double(T) && tries < T {
                    let start = Int(rng.uniform(0, Double(T))), length = Int(rng.uniform(4, 21))
                    for k in start..<min(T, start + length) where confidences[k * J + joint.rawValue] > 0 {
                        confidences[k * J + joint.rawValue] = 0
                        missing += 1
                    }
                    tries += 1
                }
            }
        }
    }
}

extension SkeletonSequence {
    /// Median torso length of a canonical sequence in its world units (3D).
    public var torsoLength: Double { medianTorso(worldPosition) }

    /// Median torso length of a canonical sequence in the picture (x and y of the main coordinates).
    public var imageTorsoLength: Double {
        medianTorso { f, j in let p = position(frame: f, joint: j); return Vec3(p.x, p.y, 0) }
    }

    /// Median mid-hip → mid-shoulder distance of the points `point(frame, joint)`.
    private func medianTorso(_ point: (Int, Int) -> Vec3) -> Double {
        let ls = Joint.leftShoulder.rawValue, rs = Joint.rightShoulder.rawValue
        let lh = Joint.leftHip.rawValue, rh = Joint.rightHip.rawValue
        var lengths: [Double] = []
        for f in stride(from: 0, to: frameCount, by: max(1, frameCount / 50)) {
            guard [ls, rs, lh, rh].allSatisfy({ confidence(frame: f, joint: $0) > BodyFrame.minConfidence }) else { continue }
            let s = (point(f, ls) + point(f, rs)) * 0.5
            let h = (point(f, lh) + point(f, rh)) * 0.5
            lengths.append((s - h).length)
        }
        guard !lengths.isEmpty else { return 1 }
        lengths.sort()
        return lengths[lengths.count / 2]
    }
}
