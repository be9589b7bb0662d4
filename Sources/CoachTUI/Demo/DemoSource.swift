import PoseVision
import PunchKit
import PunchSynth

/// The demo: the synthetic boxer (`SyntheticPerformer`) seen by a webcam a little to its side, as a
/// `PoseSource` of 30 fps canonical frames (pixels and world metres, with a pose model's noise).
/// It listens to the coach: callouts are answered through `DemoAthlete` (realistic reaction times,
/// occasional mistakes), rests drop the guard, and when the mode wants shadow-boxing (free boxing,
/// a round's work) it throws punches and combinations on its own, now and then resting.
public final class DemoSource: PoseSource, CoachListener {
    public let name = "demo"
    public var isRealTime: Bool { false }
    public let fps: Double
    public var stance: Stance { performer.stance }
    private let performer: SyntheticPerformer
    private var athlete: DemoAthlete
    private var rng: SeededRandom
    private var index = 0
    private var shadowBoxing = false
    private var nextOwnMove = 1.5
    /// When the last scheduled action should be over.
    private var busyUntil = 0.0
    private var resting = false

    public init(seed: UInt64, stance: Stance? = nil, fps: Double = 30) {
        var r = SeededRandom(seed: seed, stream: "coach-demo")
        let subject = SubjectProfile.random(id: 1, stance: stance ?? .orthodox, rng: &r)
        // A webcam on a desk a little to the boxer's left, at chest height, 3 m away.
        let camera = CameraRig(yaw: 0.45, pitch: 0.05, distance: 3.0, lookHeight: 1.05, focal: 900,
                               width: 1280, height: 720, selfie: false)
        performer = SyntheticPerformer(subject: subject, camera: camera, seed: seed)
        athlete = DemoAthlete(seed: seed &+ 1)
        rng = SeededRandom(seed: seed &+ 2)
        self.fps = fps
    }

    /// Everything the boxer was asked to perform so far (start, end, label, hand), by start.
    public var performed: [PunchEvent] { performer.events }

    public func nextFrame() throws -> SkeletonFrame? {
        let t = Double(index) / fps
        index += 1
        if shadowBoxing && !resting && t >= nextOwnMove { moveOnItsOwn(at: t) }
        return performer.frame(at: t)
    }

    // MARK: CoachListener

    public func hear(_ action: ModeAction, at now: Double) {
        switch action {
        case .callout(let c):
            let actions = c.punches.compactMap(Self.synthAction)
            guard !actions.isEmpty else { return }
            schedule(athlete.respond(to: actions, at: now).actions)
        case .rest(let until):
            resting = true
            let length = until - now - 0.6
            if length > 1.5 { schedule([(now + 0.3, .idle(seconds: length))]) }
        case .roundStarted, .recordingStarted:
            resting = false
            nextOwnMove = max(nextOwnMove, now + 0.8)
        default:
            break
        }
    }

    public func setShadowBoxing(_ on: Bool, at now: Double) {
        shadowBoxing = on
        if on { nextOwnMove = max(now + 0.8, busyUntil + 0.5) }
    }

    // MARK: Its own boxing

    private func moveOnItsOwn(at t: Double) {
        let x = rng.unit()
        if x < 0.04 {
            schedule([(t, .idle(seconds: rng.uniform(2.5, 4)))])
        } else {
            let length = x < 0.45 ? 1 : x < 0.8 ? 2 : x < 0.95 ? 3 : 4
            var punches: [SynthAction] = []
            for i in 0..<length {
                let options: [SynthAction] = i == 0
                    ? [.jab, .jab, .jab, .doubleJab, .cross, .hook(.lead), .uppercut(.rear)]
                    : [.jab, .cross, .cross, .hook(.lead), .hook(.rear), .uppercut(.lead), .uppercut(.rear)]
                punches.append(options[Int(rng.unit() * Double(options.count))])
            }
            var response = athlete.respond(to: punches, at: t)
            response.actions = response.actions.map { ($0.time - response.reactionTime + 0.05, $0.action) }
            schedule(response.actions)
        }
        nextOwnMove = busyUntil + rng.uniform(0.6, 2.2)
    }

    private func schedule(_ actions: [(time: Double, action: SynthAction)]) {
        for (t, a) in actions {
            let e = performer.perform(a, at: t)
            busyUntil = max(busyUntil, e.end)
        }
    }

    static func synthAction(_ p: CalledPunch) -> SynthAction? {
        switch PunchLabel(rawValue: p.label) {
        case .jab: return .jab
        case .doubleJab: return .doubleJab
        case .cross: return .cross
        case .hook: return .hook(p.hand ?? .lead)
        case .uppercut: return .uppercut(p.hand ?? .rear)
        case .stance, .idle, nil: return nil
        }
    }
}
