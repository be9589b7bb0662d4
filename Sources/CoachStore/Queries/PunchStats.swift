import Foundation

/// What history says about a set of punches of one label (all of them, a session's, a hand's).
public struct PunchStats: Sendable, Equatable {
    /// Punch events of the label (a double jab is one event).
    public var count: Int
    /// Punches thrown: `count`, times 2 for double jabs.
    public var thrown: Int
    /// Prompts that called the label.
    public var prompted: Int
    /// Of those, the prompts a correct punch answered.
    public var correct: Int
    /// Mean reaction time (callout → start) of the label's punches that answered a prompt.
    public var reactionMsMean: Double?
    /// Mean peak wrist speed of the label's punches measured in m/s.
    public var speedMean: Double?
    /// Mean peak wrist speed of the label's punches measured in torso lengths a second (2D sources).
    public var speedTorsoMean: Double?

    public init(
        count: Int = 0, thrown: Int = 0, prompted: Int = 0, correct: Int = 0, reactionMsMean: Double? = nil,
        speedMean: Double? = nil, speedTorsoMean: Double? = nil
    ) {
        self.count = count
        self.thrown = thrown
        self.prompted = prompted
        self.correct = correct
        self.reactionMsMean = reactionMsMean
        self.speedMean = speedMean
        self.speedTorsoMean = speedTorsoMean
    }

    /// Correct / prompted (`PromptScoring.accuracy`); nil when the label was never called.
    public var accuracy: Double? { PromptScoring.accuracy(correct: correct, prompted: prompted) }
}

/// One session's point of a per-punch series.
public struct SessionPoint: Sendable, Equatable {
    public var sessionId: Int64
    public var startedAt: Date
    public var stats: PunchStats

    public init(sessionId: Int64, startedAt: Date, stats: PunchStats) {
        self.sessionId = sessionId
        self.startedAt = startedAt
        self.stats = stats
    }
}

/// A punch label over the last sessions, oldest first: one point for each of those sessions, with
/// zero counts where the label was not thrown, so series of different labels line up (charts).
public struct PunchSeries: Sendable, Equatable {
    public var label: String
    public var points: [SessionPoint]

    public init(label: String, points: [SessionPoint]) {
        self.label = label
        self.points = points
    }
}

/// A punch label over all sessions, with its trend over the last ones.
public struct PunchSummary: Sendable, Equatable {
    public var label: String
    public var total: PunchStats
    /// The last sessions, oldest first.
    public var trend: [SessionPoint]

    public init(label: String, total: PunchStats, trend: [SessionPoint]) {
        self.label = label
        self.total = total
        self.trend = trend
    }
}

/// The whole history, per punch label.
public struct HistorySummary: Sendable, Equatable {
    /// Sessions stored.
    public var sessions: Int
    public var firstSession: Date?
    public var lastSession: Date?
    /// One entry per label punched or called, in `PunchLabel.ordered` order.
    public var punches: [PunchSummary]

    public init(sessions: Int, firstSession: Date?, lastSession: Date?, punches: [PunchSummary]) {
        self.sessions = sessions
        self.firstSession = firstSession
        self.lastSession = lastSession
        self.punches = punches
    }
}

/// One punch label in depth: its summary, split by hand, and how its speeds spread.
public struct PunchDetail: Sendable, Equatable {
    public var summary: PunchSummary
    /// `lead`, `rear` (and `none`), those thrown only. `prompted`/`correct` count prompts that
    /// named that hand.
    public var hands: [HandStats]
    /// Over all punches of the label in the most used speed units; nil when none has a speed.
    public var speed: SpeedDistribution?

    public init(summary: PunchSummary, hands: [HandStats], speed: SpeedDistribution?) {
        self.summary = summary
        self.hands = hands
        self.speed = speed
    }
}

/// A punch label's stats for one hand.
public struct HandStats: Sendable, Equatable {
    public var hand: String
    public var stats: PunchStats

    public init(hand: String, stats: PunchStats) {
        self.hand = hand
        self.stats = stats
    }
}
