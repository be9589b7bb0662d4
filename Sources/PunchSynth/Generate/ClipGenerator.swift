import PunchKit

/// The truth of one punch: when the hand left the guard and came back, which hand, how fast.
public struct PunchTruth: Sendable, Equatable {
    public var label: PunchLabel
    public var hand: Hand
    public var start: Double
    public var end: Double
    /// Peak wrist speed in the room, m/s, of the noise-free motion.
    public var peakSpeed: Double
    /// When the peak happens.
    public var peakTime: Double
    /// Seconds held at full extension beyond the punch's rhythm (included in start…end).
    public var hold: Double = 0
}

/// A generated clip: the recording, its labelled segments, and the truth behind them.
public struct SynthClip: Sendable {
    /// Path relative to the dataset folder, e.g. `jab/s03_jab_0007.csv`.
    public var name: String
    public var label: PunchLabel
    public var subject: SubjectProfile
    public var camera: CameraRig
    public var sequence: SkeletonSequence
    public var annotations: [Annotation]
    public var punches: [PunchTruth]
    /// The labelled action (the punch, or the whole clip for stance and idle).
    public var actionStart: Double
    public var actionEnd: Double
}

/// One clip per (label, index): a single action padded with guard (1.0–1.6 s before, 0.8–1.4 s after;
/// one punch clip in seven from hands down, padded with idle), or 2.5–4 s of stance or idle. Each clip
/// has its own random stream from (seed, label, index).
public struct ClipGenerator: Sendable {
    public let seed: UInt64
    public let subjects: [SubjectProfile]
    public let options: SynthOptions

    public init(seed: UInt64, subjects: [SubjectProfile], options: SynthOptions = SynthOptions()) {
        precondition(!subjects.isEmpty)
        self.seed = seed
        self.subjects = subjects
        self.options = options
    }

    /// The subject of clip `index` of `label`: subjects take turns, starting at a different one per label.
    public func subject(for label: PunchLabel, index: Int) -> SubjectProfile {
        let offset = (PunchLabel.allCases.firstIndex(of: label) ?? 0) * 5
        return subjects[(index + offset) % subjects.count]
    }

    public func clip(_ label: PunchLabel, index: Int) -> SynthClip {
        var rng = SeededRandom(seed: seed, stream: label.rawValue, index: index)
        var cameraRng = rng.fork("camera"), noiseRng = rng.fork("noise"), motionRng = rng.fork("motion")
        let subject = self.subject(for: label, index: index)
        var ch = Choreography(subject: subject, ambient: .random(subject, &motionRng))
        var stance = StancePlanner(subject: subject)
        var punches: [any PunchMotion] = []
        let duration: Double
        var actionStart = 0.0, actionEnd = 0.0
        var fromHandsDown = false

        switch label.punchKind {
        case nil where label == .stance:
            duration = motionRng.uniform(2.5, 4.0)
            stance.fill(&ch, from: 0, to: duration, rng: &motionRng)
            actionEnd = duration
        case nil:  // idle
            duration = motionRng.uniform(2.5, 4.0)
            // Mostly relaxed throughout; sometimes the guard drops at the start or comes up at the end.
            let dropsGuard = motionRng.chance(0.25), raisesGuard = !dropsGuard && motionRng.chance(0.2)
            var idleFrom = 0.0, idleTo = duration
            if dropsGuard {
                let d = motionRng.uniform(0.5, 0.9)
                ch.add(PostureChange(start: 0.1, end: 0.1 + d, from: 0, to: 1))
                idleFrom = 0.1 + d * 0.6
            } else {
                ch.add(PostureChange(start: -2, end: -1, from: 0, to: 1))
            }
            if raisesGuard {
                let d = motionRng.uniform(0.5, 0.9)
                ch.add(PostureChange(start: duration - d - 0.1, end: duration - 0.1, from: 0, to: -1))
                idleTo = duration - d
            }
            var idle = IdlePlanner(subject: subject, armStrikes: options.armStrikes)
            idle.fill(&ch, from: idleFrom, to: idleTo, rng: &motionRng)
            actionEnd = duration
        case let kind?:
            let before = motionRng.uniform(1.0, 1.6)
            let hand: PunchHand
            switch kind {
            case .jab, .doubleJab: hand = .lead
            case .cross: hand = .rear
            case .hook, .uppercut: hand = motionRng.chance(0.5) ? .lead : .rear
            }
            let punch = PunchFactory.make(kind, hand: hand, subject: subject, start: before, rng: &motionRng)
            punches.append(punch)
            ch.add(punch)
            actionStart = punch.guardLeave
            actionEnd = punch.guardReturn
            duration = actionEnd + motionRng.uniform(0.8, 1.4)
            // One punch clip in seven is thrown from hands down and goes back down: a tired or untrained
            // boxer, a martial-arts punch (PRECOG's performers), a demonstration. Still a punch; the time
            // around it is idle (no guard), not stance.
            fromHandsDown = motionRng.chance(1.0 / 7)
            if fromHandsDown {
                ch.add(PostureChange(start: -2, end: -1, from: 0, to: 1))
            } else {
                stance.fill(&ch, from: 0, to: duration, busy: [punch.start...punch.end], rng: &motionRng)
            }
        }

        let camera = options.camera ?? CameraRig.random(&cameraRng, behind: options.camerasBehind)
        let fps = options.fps ?? cameraRng.pick(Recorder.rates)
        let times = Recorder.frameTimes(duration: duration, fps: fps, jitter: options.noise, rng: &cameraRng)
        var observer = Observer(model: ObservationModel(camera: camera, noise: options.noise, wander: options.imageWander,
                                                      blur: options.motionBlur, rng: &noiseRng), rng: noiseRng)
        let name = "\(label.rawValue)/\(subject.name)_\(label.rawValue)_\(Self.number(index + 1)).csv"
        let apparent = camera.selfie ? subject.stance.mirrored : subject.stance
        var extra: [SkeletonSequence.KeyValue] = [.init("label", label.rawValue), .init("stance", apparent.rawValue),
                                                  .init("fps_nominal", String(Int(fps)))]
        extra += camera.metadata
        let sequence = Recorder.record(ch, times: times, observer: &observer, extra: extra)
        let end = sequence.times.last ?? duration

        let q = { (t: Double) in Recorder.quantise(t, 10_000) }
        var annotations: [Annotation]
        if label.isPunch {
            let around = fromHandsDown ? "idle" : "stance"
            var action = [Annotation(file: name, label: label.rawValue, start: q(actionStart), end: q(actionEnd))]
            if let onset = punches.first.flatMap({ Self.secondJabOnset($0, in: ch) }) {
                // The truth of a double jab: a jab until the second extension starts (see FrameLabels).
                action = [Annotation(file: name, label: PunchLabel.jab.rawValue, start: q(actionStart), end: q(onset)),
                          Annotation(file: name, label: label.rawValue, start: q(onset), end: q(actionEnd))]
            }
            annotations = [Annotation(file: name, label: around, start: 0, end: q(actionStart))] + action
                + [Annotation(file: name, label: around, start: q(actionEnd), end: end)]
        } else {
            annotations = [Annotation(file: name, label: label.rawValue, start: 0, end: end)]
        }
        let truths = punches.map { p -> PunchTruth in
            let peak = ch.peakWristSpeed(p.hand, from: p.guardLeave, to: p.guardReturn)
            return PunchTruth(label: p.label, hand: p.hand == .lead ? .lead : .rear, start: q(p.guardLeave),
                              end: q(p.guardReturn), peakSpeed: Recorder.quantise(peak.speed, 1000), peakTime: peak.time,
                              hold: p.hold)
        }
        return SynthClip(name: name, label: label, subject: subject, camera: camera, sequence: sequence,
                         annotations: annotations, punches: truths, actionStart: q(actionStart), actionEnd: q(actionEnd))
    }

    /// Where the second jab of a double jab starts: the least extension of the arm between its two full
    /// extensions, from the noise-free motion (a monocular pose model's depth would blur it).
    static func secondJabOnset(_ p: any PunchMotion, in ch: Choreography) -> Double? {
        guard p.label == .doubleJab, p.impacts.count >= 2 else { return nil }
        let wrist = ch.wristIndex(p.hand)
        let shoulder = wrist == Joint.leftWrist.rawValue ? Joint.leftShoulder.rawValue : Joint.rightShoulder.rawValue
        func reach(_ t: Double) -> Double { let j = ch.joints(at: t); return (j[wrist] - j[shoulder]).length }
        return stride(from: p.impacts[0], through: p.impacts[1], by: 0.005).min { reach($0) < reach($1) }
    }

    /// `n` zero-padded to at least `digits` digits.
    static func number(_ n: Int, digits: Int = 4) -> String {
        let s = String(n)
        return String(repeating: "0", count: max(0, digits - s.count)) + s
    }
}
