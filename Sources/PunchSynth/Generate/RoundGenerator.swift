import PunchKit

/// A generated continuous round and its truth.
public struct SynthRound: Sendable {
    /// Path relative to the dataset folder, e.g. `rounds/s13_round_001.csv`.
    public var name: String
    public var subject: SubjectProfile
    public var camera: CameraRig
    public var sequence: SkeletonSequence
    /// Punches (with their true peak wrist speed) and idle stretches (hand `none`), by start time.
    public var events: [PunchEvent]
}

/// Continuous rounds: guard with punches, combinations and idle stretches at random times. Between two
/// punches there is always at least 0.5 s of guard, so that a double jab only ever comes from the
/// double-jab motion; combinations (jab–cross, jab–cross–hook …) keep 0.5–0.8 s gaps.
public struct RoundGenerator: Sendable {
    public let seed: UInt64
    public let subjects: [SubjectProfile]
    public let options: SynthOptions

    public init(seed: UInt64, subjects: [SubjectProfile], options: SynthOptions = SynthOptions()) {
        precondition(!subjects.isEmpty)
        self.seed = seed
        self.subjects = subjects
        self.options = options
    }

    typealias Throw = (kind: PunchKind, hand: PunchHand)

    static let combinations: [[Throw]] = [
        [(.jab, .lead), (.cross, .rear)],
        [(.jab, .lead), (.cross, .rear), (.hook, .lead)],
        [(.doubleJab, .lead), (.cross, .rear)],
        [(.cross, .rear), (.hook, .lead)],
        [(.jab, .lead), (.uppercut, .rear)],
        [(.jab, .lead), (.cross, .rear), (.hook, .lead), (.cross, .rear)],
        [(.hook, .lead), (.cross, .rear)],
        [(.uppercut, .rear), (.hook, .lead)],
        [(.jab, .lead), (.jab, .lead)],
    ]

    public func round(index: Int, seconds: Double) -> SynthRound {
        var rng = SeededRandom(seed: seed, stream: "round", index: index)
        var cameraRng = rng.fork("camera"), noiseRng = rng.fork("noise"), motionRng = rng.fork("motion")
        let subject = subjects[index % subjects.count]
        var ch = Choreography(subject: subject, ambient: .random(subject, &motionRng))
        var busy: [ClosedRange<Double>] = []
        var punches: [any PunchMotion] = []
        var idles: [(Double, Double)] = []
        var idlePlanner = IdlePlanner(subject: subject, armStrikes: options.armStrikes)

        func throwPunch(_ kind: PunchKind, _ hand: PunchHand, at t: Double) -> Double {
            let p = PunchFactory.make(kind, hand: hand, subject: subject, start: t, rng: &motionRng)
            ch.add(p)
            punches.append(p)
            busy.append(p.start...p.end)
            return p.guardReturn
        }

        var t = motionRng.uniform(1.0, 2.0)
        while t < seconds - 1.5 {
            let choice = motionRng.weighted([0.55, 0.25, seconds - t > 8 ? 0.08 : 0, 0.12])
            switch choice {
            case 0:
                // Jab, double jab, cross, hook, uppercut.
                let kind = PunchKind.allCases[motionRng.weighted([3, 1.5, 2, 1.5, 1.2])]
                let hand: PunchHand = kind == .cross ? .rear : (kind == .hook || kind == .uppercut)
                    ? (motionRng.chance(0.5) ? .lead : .rear) : .lead
                t = throwPunch(kind, hand, at: t)
            case 1:
                let combo = motionRng.pick(Self.combinations)
                for (i, p) in combo.enumerated() {
                    if i > 0 { t += motionRng.uniform(0.5, 0.8) }
                    t = throwPunch(p.kind, p.hand, at: t)
                }
            case 2:
                // Drop the guard, idle for a while, put it back up.
                let start = t + 0.3
                let down = motionRng.uniform(0.5, 0.9), up = motionRng.uniform(0.5, 0.9)
                let length = min(motionRng.uniform(4, 12), seconds - start - down - up - 1)
                let raise = start + down + length
                ch.add(PostureChange(start: start, end: start + down, from: 0, to: 1))
                ch.add(PostureChange(start: raise, end: raise + up, from: 0, to: -1))
                idlePlanner.fill(&ch, from: start + down * 0.6, to: raise, returnHome: true, rng: &motionRng)
                idles.append((start, raise + up))
                busy.append(start...(raise + up))
                t = raise + up
            default:
                t += motionRng.uniform(2, 5)
            }
            t += motionRng.uniform(0.8, 3.0)
        }
        var stance = StancePlanner(subject: subject)
        stance.fill(&ch, from: 0, to: seconds, busy: busy, margin: 0.35, rng: &motionRng)

        let camera = options.camera ?? CameraRig.random(&cameraRng, behind: options.camerasBehind)
        let fps = options.fps ?? cameraRng.pick(Recorder.rates)
        let times = Recorder.frameTimes(duration: seconds, fps: fps, jitter: options.noise, rng: &cameraRng)
        var observer = Observer(model: ObservationModel(camera: camera, noise: options.noise, wander: options.imageWander,
                                                      blur: options.motionBlur, rng: &noiseRng), rng: noiseRng)
        let name = "rounds/\(subject.name)_round_\(ClipGenerator.number(index + 1, digits: 3))"
        let apparent = camera.selfie ? subject.stance.mirrored : subject.stance
        var extra: [SkeletonSequence.KeyValue] = [.init("stance", apparent.rawValue), .init("fps_nominal", String(Int(fps)))]
        extra += camera.metadata
        let sequence = Recorder.record(ch, times: times, observer: &observer, extra: extra)

        let q = { (t: Double) in Recorder.quantise(t, 10_000) }
        var events = punches.map { p -> PunchEvent in
            let peak = ch.peakWristSpeed(p.hand, from: p.guardLeave, to: p.guardReturn)
            return PunchEvent(start: q(p.guardLeave), end: q(p.guardReturn), label: p.label.rawValue,
                              hand: p.hand == .lead ? .lead : .rear, confidence: 1,
                              peakSpeed: Recorder.quantise(peak.speed, 1000))
        }
        events += idles.map { PunchEvent(start: q($0.0), end: q($0.1), label: "idle", hand: .none, confidence: 1, peakSpeed: 0) }
        events.sort { $0.start < $1.start }
        return SynthRound(name: name, subject: subject, camera: camera, sequence: sequence, events: events)
    }
}
