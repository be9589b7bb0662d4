import PunchKit

/// The one place where a punch is scored against a callout. The store applies it to every punch it
/// records with a prompt; the coach uses it to decide which open prompt a punch answers.
///
/// - A punch answers a prompt when it starts within the prompt's response window: from the
///   callout to `responseWindow` seconds after it, plus `perComboPosition` seconds for each punch
///   called before it in the same combo.
/// - It is correct when its label is the expected label and, when the prompt names a hand, its
///   hand is that hand. A double jab is its own label: it does not answer a jab.
/// - Its reaction time is its start minus the callout, in milliseconds.
/// - A prompt that no punch answers is a miss: accuracy = prompts answered correctly / prompts.
public struct PromptScoring: Sendable, Equatable {
    /// Seconds after a callout during which a single punch answers it.
    public var responseWindow: Double
    /// Extra seconds for each earlier punch of a combo.
    public var perComboPosition: Double

    public init(responseWindow: Double = 2.0, perComboPosition: Double = 1.0) {
        self.responseWindow = responseWindow
        self.perComboPosition = perComboPosition
    }

    /// The session seconds during which a punch may start and answer `prompt`.
    public func window(for prompt: Prompt) -> ClosedRange<Double> {
        prompt.calledAt...(prompt.calledAt + responseWindow + perComboPosition * Double(max(0, prompt.position)))
    }

    /// The prompt a punch starting at `start` answers among the still open (unanswered) ones: the
    /// earliest called, then lowest position, whose window holds `start`; nil when none.
    public func answeredPrompt(start: Double, open prompts: [Prompt]) -> Prompt? {
        prompts
            .filter { window(for: $0).contains(start) }
            .min { ($0.calledAt, $0.position) < ($1.calledAt, $1.position) }
    }

    /// Whether a punch of `label` thrown with `hand` is the one `prompt` called for.
    public static func isCorrect(label: String, hand: Hand, for prompt: Prompt) -> Bool {
        guard label == prompt.expectedLabel else { return false }
        guard let expectedHand = prompt.expectedHand else { return true }
        return hand == expectedHand
    }

    /// Milliseconds from the callout to the punch's start.
    public static func reactionMs(start: Double, prompt: Prompt) -> Double {
        (start - prompt.calledAt) * 1000
    }

    /// `punch` with `correct` and `reactionMs` set from `prompt`.
    public static func scored(_ punch: Punch, against prompt: Prompt) -> Punch {
        var punch = punch
        punch.promptId = prompt.id
        punch.correct = isCorrect(label: punch.label, hand: punch.hand, for: prompt)
        punch.reactionMs = reactionMs(start: punch.start, prompt: prompt)
        return punch
    }

    /// Correct answers over prompts; nil when nothing was prompted.
    public static func accuracy(correct: Int, prompted: Int) -> Double? {
        prompted > 0 ? Double(correct) / Double(prompted) : nil
    }
}
