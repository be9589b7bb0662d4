import PunchKit

/// How the stream of window probabilities becomes events. Defaults are the values measured best on
/// a synthetic validation set of subjects neither trained on nor tested on (`punchcoach tune-detector`,
/// see README "Punch events").
public struct DetectorConfiguration: Codable, Equatable, Sendable {
    /// Classify the window every `stride` frames of the 60 fps stream.
    public var stride = 1
    /// Probabilities are averaged over the last `smoothing` classifications.
    public var smoothing = 2
    /// A punch run opens when the smoothed probability of all punch classes together exceeds `enter`…
    public var enter: Float = 0.5
    /// …and closes after `exitSteps` classifications below `exit` (hysteresis).
    public var exit: Float = 0.4
    public var exitSteps = 2
    /// Runs shorter than this are noise.
    public var minimumDuration = 0.08
    /// Runs whose mean probability of "a punch" (all punch classes together) is below this are dropped.
    /// The gate is on the punch, not on its label: a held jab that the network cannot tell from a double
    /// jab (0.35 each) is still a punch, labelled by the larger share.
    public var minimumPunchProbability: Float = 0.7
    /// Runs whose label (its family: jab and double jab count together) has less mean probability than
    /// this are dropped: a guard movement that is "some punch" but none in particular.
    public var minimumLabelProbability: Float = 0.5
    /// A run of the same punch family and hand starting less than this after the previous event ended
    /// is the same punch (a long-held jab whose retraction reads as a second one): no second event.
    public var mergeGap = 0.3
    /// A run whose preceding `guardContextSeconds` were mostly `idle` (mean probability above
    /// `maximumIdleBefore`) is dropped. Off by default (1): punches are thrown from hands down too (a tired
    /// boxer, PRECOG's martial-arts punches), and the synthetic boxer now throws one punch clip in seven
    /// from hands down, so the network itself tells a punch from walking arms. Kept for users who want
    /// punches only out of a guard (`tune-detector` measures it).
    public var guardContextSeconds = 0.5
    public var maximumIdleBefore: Float = 1
    /// Somebody walking is not punching: a run is dropped when its guard context was mostly `idle` (mean
    /// probability above `walkingIdle`) *and* the hips crossed the picture faster than `walkingSpeed`
    /// torso lengths a second. People walk at 1.2–1.5 m/s, about 2.5 torso lengths a second; a boxer
    /// standing to punch, from a guard or from hands down, keeps the hips nearly still before the punch.
    public var walkingIdle: Float = 0.5, walkingSpeed = 1.0
    /// Hips crossing the picture faster than this over the guard context are somebody walking past, whatever
    /// the network reads into the arms (a network that learnt punches from hands down may call a walker's swing
    /// a punch). Walking is 1.2–1.5 m/s, 2.5–3 torso lengths a second (vtest.avi's walker: 3); a boxer's step
    /// in or out moves the hips about half a metre in a quarter second, at most 2 over the half second before
    /// a punch.
    public var walkingAloneSpeed = 2.0
    /// Nor is a kick, though the arms fly in it (PRECOG's kicks are its hard negatives, and the network takes
    /// some for punches): a run is dropped when, in at least half of its classifications that see the feet,
    /// one foot stands more than `kickFootLift` image torso lengths higher above its floor than the other
    /// above its own (a floor: the lowest the foot stood for 0.2 s in the window when the run opened;
    /// `FeetInPicture`). A boxer punches with both feet on the floor, a step lifts one by a few centimetres;
    /// a kick lifts it to the other knee or higher (half a metre, a torso length, and more): PRECOG's 108
    /// kicks lift a foot by 1.2–7.3 torso lengths, the synthetic test set's 397 punches with the feet in view
    /// (camera pitch up to 30°) by 0.59 at most (docs/events.md). Infinite: no rule (legs out of the picture,
    /// as a laptop camera sees them, give no reading either).
    public var kickFootLift = 0.8
    /// Nor is somebody who just came into view: for this long after a person is found after nobody, a run
    /// is dropped unless the guard context before it was mostly a guard (`stance`). A tracker that has
    /// just found a person guesses: on the street video vtest.avi the first second of a new walker's
    /// wrists jumps by a torso length.
    public var settlingSeconds = 1.5
    /// The mean `stance` probability over the guard context that counts as a guard seen while settling.
    public var settlingGuard: Float = 0.5
    /// Nor is somebody the tracker jumped to: when the hips land more than `switchDistance` torso lengths
    /// from where they were last seen, faster than `switchSpeed` torso lengths a second, the skeleton is
    /// another person and the stream starts again as after nobody (settling included). A torso length is
    /// about 0.5 m: a boxer stepping in moves the hips about 2 m/s (4 torso lengths a second), and 15 is
    /// 7.5 m/s, faster than anybody moves while boxing. On vtest.avi the tracker hops from one walker to
    /// another 4.5 torso lengths away within 0.2 s (22 a second).
    public var switchDistance = 1.5, switchSpeed = 15.0
    /// Below this mean joint confidence the frame has nobody in it.
    public var personConfidence = 0.1
    /// Below this mean confidence of the arms the skeleton is unreliable.
    public var armConfidence = 0.5
    /// The guard counts as dropped after this long without stance or punches.
    public var guardDroppedSeconds = 2.0
    /// Fixed stance, or nil to read it from the body as the session goes.
    public var stance: Stance? = nil

    // The settings below were set by hand when the rule that uses them was written (the commit named
    // with each), not measured by `tune-detector`.

    /// The stance is read from the body after `firstStanceReadingFrames` frames of the 60 fps stream (a
    /// quarter second: until the first reading every southpaw would be taken for an orthodox boxer), then
    /// every `stanceReadingFrames` (twice a second). The first detector (a34e56d) read it every 30 frames
    /// once the window was full; the early first reading came with the southpaw fixes (ebd797a).
    public var firstStanceReadingFrames = 15, stanceReadingFrames = 30
    /// Frames below `personConfidence` make the state *no person* once nobody has been seen for this long
    /// (first detector, a34e56d).
    public var personMissingSeconds = 0.3
    /// The guard counts as up while the smoothed `idle` probability is below this; `guardDroppedSeconds`
    /// counts from the last time it was (first detector, a34e56d).
    public var guardMaximumIdle: Float = 0.5
    /// How long the smoothed idle and stance probabilities are kept for the guard context; at least
    /// `guardContextSeconds` + `guardContextGap` (the guard-context rule, 303c8ed).
    public var idleHistorySeconds = 1.0
    /// The guard context ends this long before the run opened (the guard-context rule, 303c8ed; the
    /// walking gate's hip speed is measured over the same span, 0330c08).
    public var guardContextGap = 0.1
    /// A run is split in two (a combination, e.g. jab–cross) when another punch class of another family
    /// leads with more than `splitProbability`, after the old one led at least `splitLeaderSteps`
    /// classifications in a row (first detector, a34e56d), sure (above `splitProbability`) in one of them,
    /// and the other hand has taken over (2b35b37). The new one may have taken the lead unsure a few steps
    /// before (the sixteenth stop on issue 12).
    public var splitProbability: Float = 0.5, splitLeaderSteps = 3
    /// "The other hand has taken over": the wrist moving fastest over the last `handChangeSeconds` is not
    /// the one that moved fastest since the run opened (2b35b37, "combos split only when the other hand
    /// takes over").
    public var handChangeSeconds = 0.2
    /// A run's wrist speeds (the event's peak speed, the hand of a hook or uppercut) are read from
    /// `speedWindowBefore` before the run opened to `speedWindowAfter` after it closed (first detector,
    /// a34e56d; the hand from the wrists' paths over the same span since 0330c08).
    public var speedWindowBefore = 0.1, speedWindowAfter = 0.05

    public init() {}
}
