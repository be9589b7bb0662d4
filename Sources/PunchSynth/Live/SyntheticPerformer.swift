import PunchKit

/// A synthetic boxer performing live, for the coach's demo mode: ask for punches or idle time, and read
/// frames as the clock runs. Between actions the boxer stays in guard (bouncing, slipping, stepping,
/// feinting). Frames are canonical (COCO-17): pixels, world metres and confidences, as a pose model
/// gives them. Deterministic for a seed and the same sequence of calls.
///
/// Call `frame(at:)` with increasing times. An action asked for while another is under way starts once
/// the boxer is back in guard (at least 0.5 s after the previous punch).
public final class SyntheticPerformer {
    public let subject: SubjectProfile
    public let camera: CameraRig
    public var stance: Stance { subject.stance }

    private var choreography: Choreography
    private var observer: Observer
    private var rng: SeededRandom
    private var stancePlanner: StancePlanner
    private var idlePlanner: IdlePlanner
    private var plannedUntil = 0.0
    private var busy: [ClosedRange<Double>] = []
    /// When the boxer is next free to start an action.
    private var freeAt = 0.0
    private var lastFrameTime = -Double.infinity
    private var performed: [PunchEvent] = []

    public init(subject: SubjectProfile, camera: CameraRig = .front(), seed: UInt64, noise: Bool = true) {
        self.subject = subject
        self.camera = camera
        var r = SeededRandom(seed: seed, stream: "performer", index: subject.id)
        var noiseRng = r.fork("noise")
        var ambientRng = r.fork("ambient")
        choreography = Choreography(subject: subject, ambient: .random(subject, &ambientRng))
        observer = Observer(model: ObservationModel(camera: camera, noise: noise, rng: &noiseRng), rng: noiseRng)
        stancePlanner = StancePlanner(subject: subject)
        idlePlanner = IdlePlanner(subject: subject)
        rng = r
    }

    /// Schedules `action` to start at `time` (or as soon as the boxer is back in guard). Returns the
    /// truth of what will be performed: start, end, label, hand and peak wrist speed.
    @discardableResult
    public func perform(_ action: SynthAction, at time: Double) -> PunchEvent {
        let start = max(time, freeAt)
        switch action {
        case .idle(let seconds):
            let down = rng.uniform(0.5, 0.9), up = rng.uniform(0.5, 0.9)
            let raise = start + down + max(seconds - down - up, 1)
            choreography.add(PostureChange(start: start, end: start + down, from: 0, to: 1))
            choreography.add(PostureChange(start: raise, end: raise + up, from: 0, to: -1))
            idlePlanner.fill(&choreography, from: start + down * 0.6, to: raise, returnHome: true, rng: &rng)
            busy.append(start...(raise + up))
            freeAt = raise + up + 0.3
            let event = PunchEvent(start: start, end: raise + up, label: "idle", hand: .none, confidence: 1, peakSpeed: 0)
            performed.append(event)
            return event
        case .jab: return perform(.jab, hand: action.hand, at: start)
        case .doubleJab: return perform(.doubleJab, hand: action.hand, at: start)
        case .cross: return perform(.cross, hand: action.hand, at: start)
        case .hook: return perform(.hook, hand: action.hand, at: start)
        case .uppercut: return perform(.uppercut, hand: action.hand, at: start)
        }
    }

    /// A punch starting at `start` (`hand`: lead or rear).
    private func perform(_ kind: PunchKind, hand eventHand: Hand, at start: Double) -> PunchEvent {
        let hand: PunchHand = eventHand == .rear ? .rear : .lead
        let punch = PunchFactory.make(kind, hand: hand, subject: subject, start: start, rng: &rng)
        choreography.add(punch)
        busy.append(punch.start...punch.end)
        freeAt = punch.guardReturn + 0.5
        let peak = choreography.peakWristSpeed(hand, from: punch.guardLeave, to: punch.guardReturn)
        let event = PunchEvent(start: punch.guardLeave, end: punch.guardReturn, label: kind.label.rawValue,
                               hand: eventHand, confidence: 1, peakSpeed: peak.speed)
        performed.append(event)
        return event
    }

    /// Everything scheduled so far, by start time.
    public var events: [PunchEvent] { performed.sorted { $0.start < $1.start } }

    /// The frame seen by the camera at `time` (seconds; must not go back).
    public func frame(at time: Double) -> SkeletonFrame {
        precondition(time >= lastFrameTime, "frames must be asked for in time order")
        lastFrameTime = time
        // Plan guard movements two seconds ahead, around what was asked for.
        while plannedUntil < time + 2 {
            let from = plannedUntil
            plannedUntil += 2
            stancePlanner.fill(&choreography, from: from, to: plannedUntil, busy: busy, margin: 0.35, rng: &rng)
        }
        choreography.forget(before: time - 5)
        busy.removeAll { $0.upperBound < time - 5 }
        return Recorder.quantised(observer.observe(time: time, joints: choreography.joints(at: time)))
    }
}
