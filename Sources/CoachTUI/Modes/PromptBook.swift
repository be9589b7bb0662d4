import CoachStore
import PunchKit

/// Which punch of which callout: the key a mode and the store share for one prompt.
public struct PromptKey: Hashable, Sendable, Comparable {
    public var callout: Int
    public var position: Int

    public init(callout: Int, position: Int) {
        self.callout = callout
        self.position = position
    }

    /// A stable local id for `Prompt.id` while the prompt lives only in the mode.
    var localId: Int64 { Int64(callout) * 64 + Int64(position) }
    init(localId: Int64) { self.init(callout: Int(localId / 64), position: Int(localId % 64)) }

    public static func < (a: PromptKey, b: PromptKey) -> Bool { (a.callout, a.position) < (b.callout, b.position) }
}

/// How one called punch ended: answered (rightly or not, and how fast) or missed.
public struct PromptOutcome: Equatable, Sendable {
    public var key: PromptKey
    public var called: CalledPunch
    /// The label thrown; nil for a miss (no punch in the response window).
    public var thrown: String?
    public var correct: Bool
    public var reactionMs: Double?
    public var speed: Double?

    public var missed: Bool { thrown == nil }

    public init(key: PromptKey, called: CalledPunch, thrown: String?, correct: Bool,
                reactionMs: Double?, speed: Double?) {
        self.key = key
        self.called = called
        self.thrown = thrown
        self.correct = correct
        self.reactionMs = reactionMs
        self.speed = speed
    }
}

/// The open prompts of a workout and the one scoring rule (`PromptScoring` of CoachStore, the same
/// the store applies): a punch answers the earliest open prompt whose response window holds its
/// start; a prompt whose window has passed unanswered is a miss.
public struct PromptBook: Sendable {
    public let scoring: PromptScoring
    private var open: [Prompt] = []
    private var called: [PromptKey: CalledPunch] = [:]

    /// Seconds a window stays open past its end for punches the detector has not emitted yet
    /// (a punch is emitted a few hundred milliseconds after it ends).
    public let grace: Double

    public init(scoring: PromptScoring = PromptScoring(), grace: Double = 1.0) {
        self.scoring = scoring
        self.grace = grace
    }

    /// Opens a prompt for each punch of `callout`.
    public mutating func call(_ callout: Callout) {
        for (prompt, p) in zip(callout.prompts(sessionId: 0), callout.punches) {
            var prompt = prompt
            let key = PromptKey(callout: callout.id, position: prompt.position)
            prompt.id = key.localId
            called[key] = p
            open.append(prompt)
        }
    }

    /// The prompt `event` answers, if any (then closed), scored.
    public mutating func answer(_ event: PunchEvent) -> PromptOutcome? {
        guard let prompt = scoring.answeredPrompt(start: event.start, open: open), let id = prompt.id else { return nil }
        open.removeAll { $0.id == id }
        let key = PromptKey(localId: id)
        return PromptOutcome(
            key: key, called: called[key] ?? CalledPunch(prompt.expectedLabel), thrown: event.label,
            correct: PromptScoring.isCorrect(label: event.label, hand: event.hand, for: prompt),
            reactionMs: PromptScoring.reactionMs(start: event.start, prompt: prompt), speed: event.peakSpeed)
    }

    /// Closes the prompts whose window ended before `now`: misses.
    public mutating func expire(now: Double) -> [PromptOutcome] {
        let gone = open.filter { scoring.window(for: $0).upperBound + grace < now }
        open.removeAll { p in gone.contains { $0.id == p.id } }
        return gone.compactMap { p in
            guard let id = p.id else { return nil }
            let key = PromptKey(localId: id)
            return PromptOutcome(key: key, called: called[key] ?? CalledPunch(p.expectedLabel), thrown: nil,
                                 correct: false, reactionMs: nil, speed: nil)
        }
    }
}
