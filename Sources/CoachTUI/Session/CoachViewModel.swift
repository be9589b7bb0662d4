import CoachStore
import PunchDetect
import PunchKit

/// A punch as the screen lists it.
public struct ShownPunch: Equatable, Sendable {
    public var id: Int64?
    public var label: String
    public var hand: Hand
    public var start: Double
    public var speed: Double
    public var speedInMetres: Bool
    public var confidence: Double
    /// Latency in ms. A live source's (a camera, a live video): wall time from the capture of the
    /// punch's end to the punch being stored and shown. A paced source's: the detector's, emitted − end
    /// on the stream's clock (the wall clock is the pacing's there, not the boxer's).
    public var latencyMs: Double
    public var correct: Bool?
    public var reactionMs: Double?
    public var note: String?

    public init(id: Int64?, label: String, hand: Hand, start: Double, speed: Double, speedInMetres: Bool, confidence: Double,
                latencyMs: Double, correct: Bool?, reactionMs: Double?, note: String?) {
        self.id = id
        self.label = label
        self.hand = hand
        self.start = start
        self.speed = speed
        self.speedInMetres = speedInMetres
        self.confidence = confidence
        self.latencyMs = latencyMs
        self.correct = correct
        self.reactionMs = reactionMs
        self.note = note
    }
}

/// Everything the coach screen draws, rebuilt by the session; the terminal layer only draws it.
public struct CoachViewModel: Sendable {
    public var mode: ModeKind
    public var sourceName: String
    /// Why this source (e.g. "no camera found: demo"), for the status line.
    public var sourceNote: String?
    public var now: Double = 0
    public var timeScale: Double = 1
    public var paused = false
    /// The newest frame, and whether its main coordinates are image pixels.
    public var frame: SkeletonFrame?
    public var state: CoachState = .noPerson
    public var stance: Stance = .orthodox
    public var classes: [String] = []
    public var probabilities: [Float] = []
    /// Newest first.
    public var recent: [ShownPunch] = []
    public var tally = PunchTally()
    public var panel = ModePanel(title: "")
    public var sourceFPS: Double = 0
    /// Classifications a (wall) second, and the detector's mean cost of a frame in ms.
    public var classifierHz: Double = 0
    public var detectorMs: Double = 0
    public var latencyMs: Double?
    public var databasePath: String?
    public var finished = false
    public var sourceEnded = false
    public var summary: WorkoutSummary?

    public init(mode: ModeKind, sourceName: String, sourceNote: String? = nil) {
        self.mode = mode
        self.sourceName = sourceName
        self.sourceNote = sourceNote
    }
}

/// Counts per punch label, with speeds and callout scores, in label order.
public struct PunchTally: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        public var label: String
        public var count = 0
        public var lead = 0
        public var rear = 0
        public var speeds: [Double] = []
        public var prompted = 0
        public var correct = 0
        public var reactions: [Double] = []
    }

    public private(set) var entries: [Entry] = []
    public var total: Int { entries.reduce(0) { $0 + $1.count } }

    public init() {}

    /// Makes sure `labels` have rows (zero counts), in this order.
    public mutating func prepare(_ labels: [String]) {
        for l in labels where !entries.contains(where: { $0.label == l }) { entries.append(Entry(label: l)) }
    }

    public mutating func add(_ event: PunchEvent) {
        let i = index(event.label)
        entries[i].count += 1
        if event.hand == .lead { entries[i].lead += 1 } else if event.hand == .rear { entries[i].rear += 1 }
        entries[i].speeds.append(event.peakSpeed)
    }

    /// A punch called out.
    public mutating func add(called: CalledPunch) {
        entries[index(called.label)].prompted += 1
    }

    /// How a called punch was answered (misses need no call: they are prompted and not correct).
    public mutating func add(_ outcome: PromptOutcome) {
        let i = index(outcome.called.label)
        if outcome.correct {
            entries[i].correct += 1
            if let r = outcome.reactionMs { entries[i].reactions.append(r) }
        }
    }

    private mutating func index(_ label: String) -> Int {
        if let i = entries.firstIndex(where: { $0.label == label }) { return i }
        entries.append(Entry(label: label))
        return entries.count - 1
    }
}

/// The end-of-workout summary screen's content.
public struct WorkoutSummary: Equatable, Sendable {
    public var mode: ModeKind
    public var seconds: Double
    public var tally: PunchTally
    public var modeSummary: ModeSummary
    public var sessionId: Int64?
    public var databasePath: String?
    public var extra: [String] = []
}
