import PunchKit

/// One synthetic person: body dimensions, stance and habits. Subjects differ the way people do —
/// in size and proportions, in how they stand and in how fast, far and cleanly they punch.
///
/// Lengths are metres between the keypoints a pose model reports (joint centres), not bone lengths.
public struct SubjectProfile: Sendable, Equatable {
    /// Numeric id; files name the subject `s01`, `s02` …
    public var id: Int
    public var stance: Stance
    public var height: Double

    // MARK: Segments (metres)
    public var upperArm: Double
    public var forearm: Double
    public var thigh: Double
    public var shin: Double
    /// Mid-hip to mid-shoulder.
    public var torso: Double
    public var shoulderWidth: Double
    public var hipWidth: Double
    /// Mid-shoulder to the centre of the head (between the ears).
    public var neck: Double
    /// Scale of the face keypoints (1 = an adult of 1.75 m).
    public var headScale: Double
    /// Height of the ankle keypoint above the floor.
    public var ankleHeight: Double

    // MARK: Stance
    /// Sideways distance between the ankles in guard.
    public var footWidth: Double
    /// Front-to-back distance between the ankles in guard.
    public var stanceLength: Double
    /// How side-on the hips stand in guard (radians; 0 = square to the opponent).
    public var bladeAngle: Double
    /// Hip height in guard as a fraction of leg length (knee bend).
    public var crouch: Double
    /// Wrist height in guard relative to the shoulders (metres, negative = higher than the shoulders).
    public var guardHeight: Double
    /// How far in front of the chin the lead hand is held.
    public var guardReach: Double
    /// Chin tuck (radians of head pitch down) and forward lean of the trunk in guard.
    public var chinTuck: Double
    public var trunkLean: Double

    // MARK: Habits
    /// Multiplies punch speeds (and divides durations).
    public var speed: Double
    /// Fraction of full arm length reached by straight punches.
    public var armExtension: Double
    /// Retraction time over extension time of straight punches (a lazy retraction is > 1).
    public var retraction: Double
    /// Vertical bounce in guard (metres, 0 = flat-footed) and its frequency (Hz).
    public var bounce: Double
    public var bounceRate: Double
    /// How much the head and trunk move in guard (slips, weaves), 0…1.
    public var headMovement: Double
    /// How far the non-punching hand drops from guard while punching (a habit coaches correct).
    public var guardDrop: Double
    /// Chance of a small step with a jab or cross.
    public var stepWithPunch: Double
    /// Chance of holding a punch at full extension before bringing it back, as beginners and form drills
    /// do (the real CoachMe boxers hold their jabs and crosses 0.3–0.8 s).
    public var holdHabit: Double

    /// Leg length hip → ankle, straight.
    public var leg: Double { thigh + shin }
    public var arm: Double { upperArm + forearm }
    public var name: String { Self.name(id) }

    public static func name(_ id: Int) -> String { id < 10 ? "s0\(id)" : "s\(id)" }

    /// A random adult. Segment ratios to height follow Winter, "Biomechanics and Motor Control of
    /// Human Movement" (4th ed., fig. 4.1): shoulder at 0.818 H, hip at 0.530 H, knee 0.285 H, ankle 0.039 H,
    /// so torso 0.288 H, thigh 0.245 H, shin 0.246 H. The arm (0.302 H = 1.05 torso to the wrist keypoint)
    /// sits between Winter's acromion-to-wrist 0.332 H (1.15 torso) and the joint centres of SMPL, whose
    /// arm is 1.00 torso on the CoachMe clips (measured): pose models report joint centres, inside the
    /// acromion. Each limb then varies ±8 % on its own, so the ratio spans both conventions.
    public static func random(id: Int, stance: Stance? = nil, rng: inout SeededRandom) -> SubjectProfile {
        let h = rng.normal(1.75, 0.1, in: 1.50...2.00)
        func limb(_ ratio: Double) -> Double { ratio * h * rng.uniform(0.92, 1.08) }
        let stance = stance ?? (rng.chance(0.3) ? .southpaw : .orthodox)
        let torso = limb(0.288)
        let speed = rng.logNormal(median: 1, sigma: 0.13)
        return SubjectProfile(
            id: id, stance: stance, height: h,
            upperArm: limb(0.165), forearm: limb(0.137), thigh: limb(0.245), shin: limb(0.246),
            torso: torso,
            shoulderWidth: 0.205 * h * rng.uniform(0.9, 1.1),
            hipWidth: 0.110 * h * rng.uniform(0.88, 1.12),
            neck: 0.105 * h * rng.uniform(0.93, 1.07),
            headScale: h / 1.75 * rng.uniform(0.94, 1.06),
            ankleHeight: 0.039 * h,
            // Narrow, short and square stances too: beginners (as the CoachMe boxers) stand so.
            footWidth: rng.uniform(0.08, 0.36) * h / 1.75,
            stanceLength: rng.uniform(0.20, 0.55) * h / 1.75,
            bladeAngle: rng.uniform(5, 45) * .pi / 180,
            crouch: rng.uniform(0.90, 0.97),
            // Guards from tight to long (a lead hand held far out, as some CoachMe boxers do), and one
            // subject in six with the hands low (chest to belly): tired, untrained or martial-arts
            // boxers (PRECOG's performers punch from hands down) — their punches are still punches.
            guardHeight: rng.chance(1.0 / 6) ? rng.uniform(0.15, 0.40) : rng.uniform(-0.16, 0.05),
            guardReach: rng.uniform(0.06, 0.38),
            chinTuck: rng.uniform(0, 18) * .pi / 180,
            trunkLean: rng.uniform(0, 12) * .pi / 180,
            speed: min(max(speed, 0.75), 1.35),
            armExtension: rng.uniform(0.90, 0.99),
            retraction: rng.uniform(0.8, 1.3),
            bounce: rng.chance(0.3) ? 0 : rng.uniform(0.008, 0.035),
            bounceRate: rng.uniform(1.5, 2.6),
            headMovement: rng.uniform(0.2, 1),
            guardDrop: rng.chance(0.6) ? rng.uniform(0, 0.05) : rng.uniform(0.05, 0.18),
            stepWithPunch: rng.uniform(0, 0.5),
            holdHabit: rng.chance(0.5) ? rng.uniform(0.3, 0.9) : rng.uniform(0, 0.1))
    }
}
