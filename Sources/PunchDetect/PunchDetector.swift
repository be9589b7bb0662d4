import PunchKit
import PunchModel

/// Turns a skeleton stream into punch events, frame by frame.
///
/// Frames (any rate, canonical layout) are resampled to 60 fps into the 2-second window; every
/// `stride` frames the classifier labels the frame `lookahead` frames before the newest one. The
/// smoothed probability that a punch is happening opens a run (hysteresis: above `enter`, closed
/// after `exitSteps` below `exit`); a closed run becomes one event whose label has the most probability
/// over the run — so a double jab, which starts looking like a jab, ends as one double jab. A run is
/// split when the boxer goes straight from one punch into another with the other hand (combinations).
/// Hand (lead/rear) is the wrist that moved fastest, read against the stance; speed is its peak.
public final class PunchDetector {
    public let classifier: PunchClassifier
    public let configuration: DetectorConfiguration
    public private(set) var state: CoachState = .noPerson
    /// The latest smoothed class probabilities (model class order), for the coach's bars.
    public private(set) var probabilities: [Float]
    public var stance: Stance { stanceTracker.stance }
    /// Whether `stance` was given, read from the body, or assumed (orthodox: nothing said it).
    public var stanceReading: StanceReading { stanceTracker.reading }
    /// Whether any frame so far carried depth (world coordinates or a depth sensor's): without, the stance
    /// cannot be read from the body (`StanceReading.assumed`).
    public private(set) var depthSeen = false
    /// Time of the newest 60 fps frame.
    public private(set) var time: Double = 0
    /// How many windows have been classified (increases when `probabilities` is new).
    public private(set) var classifications = 0
    /// Whether frames without world coordinates still carry real 3D in their main coordinates (Kinect
    /// metres, HybrIK joints: `SkeletonSequence.hasBodyDepth`); 2D keypoints and image z do not.
    public var positionsHaveDepth = false
    /// Hears every run of punch probability as it closes: an event or the rules that dropped it.
    public var onRunClosed: ((ClosedRun) -> Void)?
    /// Sees every window the network reads: the time of the frame it labels and its standardised features
    /// (`PunchClassifier.classify(_:mirror:inspect:)`; `InputShift` compares them between datasets).
    public var onFeatures: ((_ labelTime: Double, _ features: UnsafeBufferPointer<Float>) -> Void)?

    private var resampler: StreamResampler
    private var buffer: WindowBuffer
    private var speeds = WristSpeedTracker()
    private var stanceTracker: StanceTracker
    private var framesSinceClassification = 0
    private var framesSinceStance = 0
    private var recent: [[Float]] = []
    private var run: Run?
    /// The last event emitted, to recognise the tail of a punch (see `mergeGap`).
    private var lastEmitted: PunchEvent?
    private var lastGuardTime = 0.0
    private var personMissingSince: Double?
    /// Nobody has been in view for a while: the next person starts a new stream (see `push`).
    private var personLost = false
    /// Where the person was last seen in the picture, and when (`isAnotherPerson`).
    private var lastBody: (body: BodyInPicture, time: Double)?
    /// Time of the first frame after somebody came (back) into view; nil for a stream that began with a
    /// person (a clip, a camera already on the boxer).
    private var reappeared: Double?
    private var awaitingReappearance = false
    /// Whether the stream carries world coordinates (metres), so speeds are in m/s.
    private var metric = false
    private let punchClasses: [Int]
    private let jabIndex: Int?
    private let idleIndex: Int?
    /// Recent (label time, smoothed idle and stance probabilities), for the guard context of a new run.
    private var idleHistory: [(time: Double, idle: Float, guarding: Float)] = []
    private let doubleJabIndex: Int?
    private let stanceIndex: Int?

    /// An open run of punch probability.
    struct Run {
        var start: Double
        /// Rules of the run's context that drop it (idle or walking before it, a person just come into view):
        /// walking arms and gestures, not punches. Empty when the context was a boxer's.
        var contextRules: [ClosedRun.Rule] = []
        var lastAbove: Double
        var stepsBelow = 0
        var sums: [Float]
        var steps = 1
        /// Probabilities summed with weights that grow with the step (1, 2, 3, …): the label is read
        /// mostly from the end of the run, when the network has seen the whole punch (the start of a jab
        /// and of a double jab look alike).
        var recencySums: [Float]
        var recencyWeight: Float = 1
        /// Which punch leads, and the one a combination would split from.
        var leader: RunLeader
        /// Each foot's floor when the run opened (`feetFloor()`, `FeetInPicture`), nil when the feet were not
        /// seen; then the steps that saw the feet, and those with a foot raised above
        /// its floor (the kick rule, `DetectorConfiguration.kickFootLift`).
        var feetFloor: (left: Double, right: Double)?
        var feetSteps = 0
        var footRaisedSteps = 0

        /// A run opened at `t` by the probabilities `p`.
        init(start t: Double, probabilities p: [Float], leader: RunLeader) {
            start = t
            lastAbove = t
            sums = p
            recencySums = p
            self.leader = leader
        }
    }

    public init(classifier: PunchClassifier, configuration: DetectorConfiguration = DetectorConfiguration()) {
        self.classifier = classifier
        self.configuration = configuration
        resampler = StreamResampler(rate: classifier.window.rate, jointCount: JointLayout.canonical.count)
        buffer = WindowBuffer(capacity: classifier.window.frames)
        stanceTracker = StanceTracker(fixed: configuration.stance)
        probabilities = [Float](repeating: 0, count: classifier.classes.count)
        punchClasses = classifier.punchClassIndices
        jabIndex = classifier.classes.firstIndex(of: PunchLabel.jab.rawValue)
        idleIndex = classifier.classes.firstIndex(of: PunchLabel.idle.rawValue)
        doubleJabIndex = classifier.classes.firstIndex(of: PunchLabel.doubleJab.rawValue)
        stanceIndex = classifier.classes.firstIndex(of: PunchLabel.stance.rawValue)
    }

    /// Fixes the stance from now on (the user says the body was read wrong). A punch under way was read
    /// through the wrong mirror and is dropped; the next windows are read through the new one.
    public func fixStance(_ stance: Stance) {
        guard stanceTracker.fixed != stance else { return }
        stanceTracker.fixed = stance
        recent = []
        run = nil
    }

    /// Feeds one frame (canonical layout, increasing time); returns the events it completes.
    public func push(_ frame: SkeletonFrame) -> [DetectedEvent] {
        metric = frame.world != nil
        var out: [DetectedEvent] = []
        // Somebody (back) in view after nobody: a new stream. Without this the window would hold their
        // first frames after a second of empty ones — a sudden appearance, not a motion anyone made.
        if personLost && frame.meanConfidence >= configuration.personConfidence { restart() }
        if isAnotherPerson(frame) { restart() }
        resampler.push(frame) { out += self.step($0) }
        return out
    }

    /// Whether the tracker jumped to somebody else: the hips, seen in this frame and when last seen, far
    /// apart and too fast for a body (`DetectorConfiguration.switchDistance`, `switchSpeed`).
    private func isAnotherPerson(_ frame: SkeletonFrame) -> Bool {
        guard let body = BodyInPicture(point: { frame.positions[$0] }, confidence: { frame.confidences[$0] }) else { return false }
        defer { lastBody = (body, frame.time) }
        guard let last = lastBody, frame.time > last.time else { return false }
        let jump = (body.hip - last.body.hip).length / max((body.torso + last.body.torso) / 2, 1e-9)
        return jump > configuration.switchDistance && jump / (frame.time - last.time) > configuration.switchSpeed
    }

    /// Forgets the frames seen so far (the stance reading stays: it is the boxer's, not the stream's).
    private func restart() {
        personLost = false
        awaitingReappearance = true
        resampler = StreamResampler(rate: classifier.window.rate, jointCount: JointLayout.canonical.count)
        buffer.reset()
        speeds.reset()
        recent = []
        run = nil
        idleHistory = []
        framesSinceClassification = 0
    }

    /// Ends the stream: closes an open run.
    public func finish() -> [DetectedEvent] {
        var out: [DetectedEvent] = []
        resampler.finish { out += self.step($0) }
        if let r = run { out += close(r) }
        run = nil
        return out
    }

    /// One 60 fps frame.
    private func step(_ frame: SkeletonFrame) -> [DetectedEvent] {
        time = frame.time
        if awaitingReappearance { reappeared = frame.time; awaitingReappearance = false }
        buffer.append(frame, positionsHaveDepth: positionsHaveDepth)
        if buffer.hasDepth { depthSeen = true }
        speeds.push(frame)
        // Read the stance early (a quarter second in, then twice a second): until the first reading the
        // detector would take every southpaw for an orthodox boxer.
        framesSinceStance += 1
        if framesSinceStance >= (stanceTracker.evidence == 0 ? configuration.firstStanceReadingFrames : configuration.stanceReadingFrames) {
            stanceTracker.observe(buffer)
            framesSinceStance = 0
        }
        updatePresence(frame)
        framesSinceClassification += 1
        // Until the labelled frame (lookahead frames back) exists, there is nothing to say.
        guard framesSinceClassification >= configuration.stride, buffer.count > classifier.window.lookahead else { return [] }
        framesSinceClassification = 0
        if state == .noPerson {
            var out: [DetectedEvent] = []
            if let r = run { out = close(r) }
            run = nil
            recent = []
            probabilities = [Float](repeating: 0, count: classifier.classes.count)
            return out
        }
        let labelTime = frame.time - Double(classifier.window.lookahead) / classifier.window.rate
        let inspect = onFeatures.map { tap in { (features: UnsafeBufferPointer<Float>) in tap(labelTime, features) } }
        let p = classifier.classify(buffer, mirror: stanceTracker.stance.mirrors, inspect: inspect).probabilities
        recent.append(p)
        if recent.count > configuration.smoothing { recent.removeFirst() }
        var smoothed = [Float](repeating: 0, count: p.count)
        for q in recent { for k in 0..<q.count { smoothed[k] += q[k] / Float(recent.count) } }
        probabilities = smoothed
        classifications += 1
        updateGuard(smoothed, at: frame.time)
        if let idle = idleIndex {
            idleHistory.append((labelTime, smoothed[idle], stanceIndex.map { smoothed[$0] } ?? 1))
            while let first = idleHistory.first, first.time < labelTime - configuration.idleHistorySeconds { idleHistory.removeFirst() }
        }
        return advanceRun(smoothed, at: labelTime)
    }

    private func updatePresence(_ frame: SkeletonFrame) {
        let c = frame.meanConfidence
        if c < configuration.personConfidence {
            if personMissingSince == nil { personMissingSince = frame.time }
            if frame.time - personMissingSince! >= configuration.personMissingSeconds {
                state = .noPerson
                personLost = true
            }
            return
        }
        personMissingSince = nil
        let arms = [Joint.leftShoulder, .rightShoulder, .leftElbow, .rightElbow, .leftWrist, .rightWrist]
        let armConfidence = arms.reduce(0.0) { $0 + frame.confidences[$1.rawValue] } / Double(arms.count)
        if armConfidence < configuration.armConfidence {
            state = .lowConfidence
        } else if state == .noPerson || state == .lowConfidence {
            state = .ok
            lastGuardTime = frame.time
        }
    }

    private func updateGuard(_ p: [Float], at t: Double) {
        guard state == .ok || state == .guardDropped else { return }
        let idle = idleIndex.map { p[$0] } ?? 0
        if idle < configuration.guardMaximumIdle { lastGuardTime = t }
        state = t - lastGuardTime > configuration.guardDroppedSeconds ? .guardDropped : .ok
    }

    /// Mean probabilities of `idle` and of `stance` (a guard) over the guard-context span before `t`; nil
    /// when the stream does not cover that span (the person just came into view). Without an idle class,
    /// no idle and a guard.
    private func context(before t: Double) -> (idle: Float, guarding: Float)? {
        guard idleIndex != nil else { return (0, 1) }
        let gap = configuration.guardContextGap
        let from = t - configuration.guardContextSeconds - gap
        let span = idleHistory.filter { $0.time >= from && $0.time < t - gap }
        // A context is seen when the stream covers (nearly) all of it: a few classifications of a person who
        // came into view a moment ago are not a guard.
        guard let first = span.first, t - gap - first.time >= 0.9 * configuration.guardContextSeconds else { return nil }
        let n = Float(span.count)
        return (span.reduce(Float(0)) { $0 + $1.idle } / n, span.reduce(Float(0)) { $0 + $1.guarding } / n)
    }

    /// How fast the hips crossed the picture over the guard context before the labelled frame, in image
    /// torso lengths a second (0 when the hips or shoulders are not seen at both ends).
    private func hipSpeedBefore() -> Double {
        let rate = classifier.window.rate
        let label = buffer.frameCount - 1 - classifier.window.lookahead
        let end = label - Int(configuration.guardContextGap * rate), start = end - Int(configuration.guardContextSeconds * rate)
        guard start >= 0, buffer.count >= buffer.frameCount - start else { return 0 }
        func body(_ t: Int) -> BodyInPicture? { BodyInPicture(point: { buffer.image(t, $0) }, confidence: { buffer.confidence(t, $0) }) }
        guard let first = body(start), let last = body(end), last.torso > 0 else { return 0 }
        return (last.hip - first.hip).length / last.torso / (Double(end - start) / rate)
    }

    /// The ankles' heights in window frame `t` (`FeetInPicture`), nil when the feet are not seen.
    private func feet(_ t: Int) -> FeetInPicture? {
        FeetInPicture(point: { buffer.image(t, $0) }, confidence: { buffer.confidence(t, $0) })
    }

    /// Each foot's floor: the lowest it stood for a tenth of the frames up to the labelled one (0.2 s of a
    /// window that sees the feet throughout) — a foot landing from a kick as a punch starts is not raised by
    /// it, and a pose model's outlier of a frame or two (a hip jumping up) makes no floor; nil when the feet
    /// are seen in under half of those frames.
    private func feetFloor() -> (left: Double, right: Double)? {
        let seen = (0..<(buffer.frameCount - classifier.window.lookahead)).compactMap(feet)
        guard !seen.isEmpty, seen.count * 2 >= buffer.frameCount - classifier.window.lookahead else { return nil }
        func floor(_ heights: [Double]) -> Double { heights.sorted()[heights.count / 10] }
        return (floor(seen.map(\.left)), floor(seen.map(\.right)))
    }

    /// Counts the labelled frame into the run's kick rule: feet seen, and one of them raised.
    private func countFeet(_ r: inout Run) {
        guard let floor = r.feetFloor, let now = feet(buffer.frameCount - 1 - classifier.window.lookahead) else { return }
        r.feetSteps += 1
        // One foot above its floor and the other not: both rising together is the hips going down (a crouch)
        // or a pose model's torso shrinking for a frame, not a kick.
        if abs((now.left - floor.left) - (now.right - floor.right)) > configuration.kickFootLift { r.footRaisedSteps += 1 }
    }

    private func leadingPunch(_ p: [Float]) -> Int {
        punchClasses.max { p[$0] < p[$1] } ?? 0
    }

    private func newLeader(_ lead: Int, _ p: [Float]) -> RunLeader {
        RunLeader(leader: lead, probability: p[lead], splitProbability: configuration.splitProbability,
                  splitLeaderSteps: configuration.splitLeaderSteps)
    }

    private func advanceRun(_ p: [Float], at t: Double) -> [DetectedEvent] {
        let mass = punchClasses.reduce(Float(0)) { $0 + p[$1] }
        var out: [DetectedEvent] = []
        if var r = run {
            if mass >= configuration.exit {
                let lead = leadingPunch(p)
                // Straight from one punch into another with the other hand (a combination): split where
                // another punch leads, sure, after the established one. The same hand is the same punch still
                // unfolding (an uppercut starts like a hook, a double jab like a jab).
                if r.leader.splits(to: lead, probability: p[lead], sameFamily: sameFamily), handChanged(since: r.start) {
                    out += close(r)
                    run = Run(start: t, probabilities: p, leader: newLeader(lead, p))
                    // The second punch comes out of the first one's context: a walker's swing or a new
                    // person's first motion that was dropped stays dropped when its label changes.
                    run!.contextRules = r.contextRules
                    run!.feetFloor = r.feetFloor
                    countFeet(&run!)
                    return out
                }
                r.lastAbove = t
                r.stepsBelow = 0
                r.steps += 1
                countFeet(&r)
                for k in 0..<p.count {
                    r.sums[k] += p[k]
                    r.recencySums[k] += Float(r.steps) * p[k]
                }
                r.recencyWeight += Float(r.steps)
                r.leader.advance(lead: lead, probability: p[lead])
                run = r
            } else {
                r.stepsBelow += 1
                run = r
                if r.stepsBelow >= configuration.exitSteps {
                    out += close(r)
                    run = nil
                }
            }
        } else if mass > configuration.enter {
            run = Run(start: t, probabilities: p, leader: newLeader(leadingPunch(p), p))
            run!.feetFloor = feetFloor()
            countFeet(&run!)
            let before = context(before: t)
            let idle = before?.idle ?? 0
            // Just after somebody came into view, a punch must come out of a guard that was seen.
            let settling = reappeared.map { t - $0 < configuration.settlingSeconds } ?? false
            var rules: [ClosedRun.Rule] = []
            if idle > configuration.maximumIdleBefore { rules.append(.idleBefore) }
            if settling && (before?.guarding ?? 0) < configuration.settlingGuard { rules.append(.settling) }
            if hipSpeedBefore() > (idle > configuration.walkingIdle ? configuration.walkingSpeed : configuration.walkingAloneSpeed) {
                rules.append(.walking)
            }
            run!.contextRules = rules
        }
        return out
    }

    /// Whether the wrist moving fastest now (`handChangeSeconds`) is not the one that led the run so far.
    private func handChanged(since start: Double) -> Bool {
        let recent = configuration.handChangeSeconds
        let before = speeds.peaks(from: start - configuration.speedWindowBefore, to: time - recent)
        let now = speeds.peaks(from: time - recent, to: time)
        return (before.left >= before.right) != (now.left >= now.right)
    }

    private func sameFamily(_ a: Int, _ b: Int) -> Bool {
        let jabs: Set<Int?> = [jabIndex, doubleJabIndex]
        return jabs.contains(a) && jabs.contains(b)
    }

    private func close(_ r: Run) -> [DetectedEvent] {
        let mean = r.sums.map { $0 / Float(r.steps) }
        let recent = r.recencySums.map { $0 / r.recencyWeight }
        guard let label = punchClasses.max(by: { recent[$0] < recent[$1] }) else { return [] }
        let end = r.lastAbove
        let punchProbability = punchClasses.reduce(Float(0)) { $0 + mean[$1] }
        let family = punchClasses.filter { sameFamily($0, label) || $0 == label }
        let familyProbability = family.reduce(Float(0)) { $0 + mean[$1] }
        let name = classifier.classes[label]
        var dropped = r.contextRules
        if r.feetSteps > 0 && 2 * r.footRaisedSteps >= r.feetSteps { dropped.append(.kick) }
        if end - r.start < configuration.minimumDuration - 1e-9 { dropped.append(.tooShort) }
        if punchProbability < configuration.minimumPunchProbability { dropped.append(.weakPunch) }
        if familyProbability < configuration.minimumLabelProbability { dropped.append(.unsureLabel) }
        func report(_ rules: [ClosedRun.Rule]) {
            onRunClosed?(ClosedRun(start: r.start, end: end, label: name, punchProbability: Double(punchProbability),
                                   labelProbability: Double(familyProbability), droppedBy: rules))
        }
        guard dropped.isEmpty else { report(dropped); return [] }
        let from = r.start - configuration.speedWindowBefore, to = end + configuration.speedWindowAfter
        let peaks = speeds.peaks(from: from, to: to)
        // Jabs are thrown with the lead hand and crosses with the rear one by definition; for hooks and
        // uppercuts the hand is the wrist that travelled further over the run — not the one with the
        // fastest single frame, which a pose model's left/right swap or a jumping joint can give either hand.
        let paths = speeds.paths(from: from, to: to)
        let side: Side = paths.left >= paths.right ? .left : .right
        let implied = PunchLabel.impliedHand(name)
        let hand = implied ?? Hand.of(side: side, stance: stanceTracker.stance)
        let leadSide = Hand.lead.side(in: stanceTracker.stance) ?? .left
        let peak = implied == nil ? max(peaks.left, peaks.right)
            : ((hand == .lead) == (leadSide == .left) ? peaks.left : peaks.right)
        let event = PunchEvent(start: r.start, end: end, label: name, hand: hand,
                               confidence: Double(recent[label]), peakSpeed: peak)
        if let last = lastEmitted, last.hand == hand, r.start - last.end < configuration.mergeGap,
           let lastIndex = classifier.classes.firstIndex(of: last.label), lastIndex == label || sameFamily(lastIndex, label) {
            report([.samePunch])
            return []
        }
        report([])
        lastEmitted = event
        return [DetectedEvent(event: event, emittedAt: time, speedInMetres: metric)]
    }
}
