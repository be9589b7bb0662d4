import CoachStore
import Foundation
import PoseVision
import PunchDetect
import PunchKit

/// The workout driver: source → detector → mode → store → view model, one `step` at a time on the
/// caller's thread (the coach loop). A punch is stored and put in the view model in the same step,
/// so what the screen shows is always in the database.
public final class CoachSession {
    public struct Options: Sendable {
        /// Stop after this many session seconds (tests).
        public var maxSeconds: Double?
        public var sourceNote: String?
        /// The model file the coach reads with, which recorded clips fine-tune (`train --from`).
        public var modelPath: String?
        public init(maxSeconds: Double? = nil, sourceNote: String? = nil, modelPath: String? = nil) {
            self.maxSeconds = maxSeconds
            self.sourceNote = sourceNote
            self.modelPath = modelPath
        }
    }

    public let feed: PacedFeed
    public let detector: PunchDetector
    public let mode: WorkoutMode
    public let recorder: WorkoutRecorder
    public let clips: ClipRecorder?
    public let options: Options
    public private(set) var view: CoachViewModel
    private let listener: CoachListener?
    private var detectorFinished = false
    private var frameTimes: [Double] = []
    private var detectorCost = 0.0
    private var shadowBoxing: Bool?
    private var lastNow = 0.0
    /// Punches stored (the database ids, in order), for tests and the summary.
    public private(set) var storedPunches: [Int64] = []
    /// Every punch shown, in order (the screen keeps the last few): for tests and `bench --live`.
    public private(set) var shownPunches: [ShownPunch] = []
    /// Frames that went through the detector.
    public private(set) var framesProcessed = 0

    public init(source: PoseSource, detector: PunchDetector, mode: WorkoutMode, recorder: WorkoutRecorder,
                clips: ClipRecorder? = nil, options: Options = Options()) {
        self.feed = PacedFeed(source)
        self.detector = detector
        self.mode = mode
        self.recorder = recorder
        self.clips = clips
        self.options = options
        self.listener = source as? CoachListener
        view = CoachViewModel(mode: mode.kind, sourceName: source.name, sourceNote: options.sourceNote)
        view.classes = detector.classifier.classes
        view.probabilities = detector.probabilities
        view.databasePath = recorder.store?.path
        view.classifierHz = detector.classifier.window.rate / Double(detector.configuration.stride)
        view.tally.prepare(detector.classifier.punchLabels)
        view.panel = mode.panel(now: 0)
    }

    public var isFinished: Bool { view.finished }

    /// Stores the session's start.
    public func begin(stance: Stance?, model: String?, modelHash: String?) throws {
        try recorder.begin(mode: mode.kind, source: feed.source.name, stance: stance, model: model, modelHash: modelHash,
                           notes: options.sourceNote)
    }

    /// Advances the workout to session time `now`: frames due, their punches, the mode's clock.
    /// Returns whether anything the screen shows changed.
    @discardableResult
    public func step(now: Double) throws -> Bool {
        guard !view.finished else { return false }
        lastNow = now
        var changed = false
        let frames = try feed.due(now: now)
        var acted = false
        for frame in frames {
            // The mode's clock runs frame by frame, so that callouts, rounds and recordings fall at
            // their time among the frames even when the loop catches up on several at once.
            for a in mode.tick(now: frame.time) { try apply(a, now: frame.time); acted = true }
            clips?.add(frame)
            let t0 = SessionClock.monotonic()
            let events = detector.push(frame)
            detectorCost = detectorCost * 0.95 + (SessionClock.monotonic() - t0) * 1000 * 0.05
            for e in events { try show(e, now: frame.time) }
            framesProcessed += 1
            frameTimes.append(frame.time)
            view.frame = frame
            changed = true
        }
        if feed.ended && !detectorFinished {
            detectorFinished = true
            for e in detector.finish() { try show(e, now: now) }
            view.sourceEnded = true
            changed = true
        }
        for a in mode.tick(now: now) { try apply(a, now: now); acted = true }
        if shadowBoxing != mode.wantsShadowBoxing {
            shadowBoxing = mode.wantsShadowBoxing
            listener?.setShadowBoxing(mode.wantsShadowBoxing, at: now)
        }
        changed = changed || acted
        updateView(now: now)
        if mode.isFinished || view.sourceEnded || (options.maxSeconds.map { now >= $0 } ?? false) {
            finish(now: now)
            changed = true
        }
        return changed
    }

    private func show(_ d: DetectedEvent, now: Double) throws {
        let verdict = mode.handle(event: d.event, at: now)
        let stored = try recorder.punch(d.event, speedInMetres: d.speedInMetres, answering: verdict.outcome?.key, round: verdict.round)
        if let id = stored?.id { storedPunches.append(id) }
        let captured = feed.captureInstant(ofSessionTime: d.event.end)
        let latency = captured.map { (SessionClock.monotonic() - $0) * 1000 } ?? (d.emittedAt - d.event.end) * 1000
        view.latencyMs = latency
        view.tally.add(d.event)
        if let o = verdict.outcome { view.tally.add(o) }
        let shown = ShownPunch(id: stored?.id, label: d.event.label, hand: d.event.hand, start: d.event.start,
                               speed: d.event.peakSpeed, speedInMetres: d.speedInMetres, confidence: d.event.confidence,
                               latencyMs: latency, correct: verdict.outcome?.correct,
                               reactionMs: verdict.outcome?.reactionMs, note: verdict.note)
        shownPunches.append(shown)
        view.recent.insert(shown, at: 0)
        if view.recent.count > 12 { view.recent.removeLast() }
    }

    private func apply(_ action: ModeAction, now: Double) throws {
        switch action {
        case .callout(let c):
            try recorder.callout(c)
            for p in c.punches { view.tally.add(called: p) }
        case .roundStarted(let n, let work, let rest):
            try recorder.roundStarted(number: n, at: now, work: work, rest: rest)
        case .roundEnded(let n):
            try recorder.roundEnded(number: n, at: now)
        case .rest:
            break
        case .recordingStarted(let label, let clip, let t):
            clips?.start(label: label, clip: clip, at: t)
        case .recordingStopped(_, _, let t, let span, let callout):
            try clips?.stop(at: t, span: span, callout: callout)
        }
        listener?.hear(action, at: now)
    }

    /// Switches the stance to the other one and keeps it (the `s` key): for a boxer whose stance was read
    /// wrong from the body, e.g. a southpaw facing a webcam whose depth barely shows which foot leads.
    public func switchStance() throws {
        let stance = detector.stance.mirrored
        detector.fixStance(stance)
        view.stance = stance
        try recorder.stanceSet(stance)
    }

    private func updateView(now: Double) {
        view.now = now
        view.state = detector.state
        view.stance = detector.stance
        view.probabilities = detector.probabilities
        view.panel = mode.panel(now: now)
        frameTimes.removeAll { $0 < now - 2 }
        if let first = frameTimes.first, let last = frameTimes.last, last > first {
            view.sourceFPS = Double(frameTimes.count - 1) / (last - first)
        } else if frameTimes.isEmpty {
            view.sourceFPS = 0
        }
        view.detectorMs = detectorCost
    }

    /// Ends the workout: the summary is built and the view model says finished. The store is
    /// closed by `close()`.
    public func finish(now: Double? = nil) {
        guard !view.finished else { return }
        let t = now ?? lastNow
        // A round still running ends where the workout ends.
        try? recorder.endOpenRound(at: t)
        if clips?.isRecording == true { _ = try? clips?.stop(at: t, span: nil, callout: nil) }
        view.finished = true
        var extra: [String] = []
        if let clips, !clips.written.isEmpty {
            let data = clips.directory.path
            extra.append("\(clips.written.count) clips in \(data) — fine-tune your model on them: punchcoach train --from "
                         + "\(options.modelPath ?? "MODEL") --data \(data) --out \(data).model, then coach --model \(data).model")
            // A tuned model is its person's and can read them worse too (docs/real-people.md, the fortieth stop on issue 12).
            extra.append("before you switch, record a short second session (--mode record --name \(clips.directory.lastPathComponent)-check "
                         + "--clips-per-class 2) and compare the two models on it: punchcoach evaluate --model \(data).model --data \(data)-check "
                         + "--against \(options.modelPath ?? "MODEL")")
        }
        if view.sourceEnded && !mode.isFinished { extra.append("the input ended") }
        view.summary = WorkoutSummary(mode: mode.kind, seconds: t, tally: view.tally, modeSummary: mode.summary,
                                      sessionId: recorder.sessionId, databasePath: recorder.store?.path, extra: extra)
    }

    /// Ends the session in the store and closes it.
    public func close() throws {
        feed.stop()
        try recorder.close()
    }
}
