import PunchKit

/// The session's stance: fixed by the user, or read from the body and accumulated over the windows in
/// which the boxer is in guard (so one odd window cannot flip it).
struct StanceTracker {
    /// The stance given (by the user, the input, or mid-session: the coach's `s` key); nil reads it from the body.
    var fixed: Stance?
    private var score = 0.0
    private var weight = 0.0

    init(fixed: Stance?) { self.fixed = fixed }

    var stance: Stance { fixed ?? (score >= 0 ? .orthodox : .southpaw) }
    /// Frames of guard seen so far (0 while undecided).
    var evidence: Double { weight }
    /// Where `stance` comes from.
    var reading: StanceReading { fixed != nil ? .given : weight > 0 ? .read : .assumed }

    mutating func observe<W: WindowSource>(_ w: W) {
        guard fixed == nil else { return }
        let body = BodyFrame.estimate(w, mirror: false)
        let e = StanceEstimator.evidence(w, frame: body)
        score += e.score * e.weight
        weight += e.weight
    }
}

/// Where a detector's stance comes from: given (by the user or the input's `stance=`), read from the body, or
/// assumed orthodox because nothing has said it yet — 2D keypoints never do (which foot leads is a matter of
/// depth, `StanceEstimator`), nor does a boxer who never raises a guard.
public enum StanceReading: String, Sendable, Codable {
    case given, read, assumed
}
