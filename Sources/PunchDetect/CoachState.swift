/// What the coach should tell the boxer about the stream itself.
public enum CoachState: String, Sendable, Equatable, Codable {
    /// Boxing: the skeleton is good and the guard is up (or a punch is on its way).
    case ok
    /// Nobody in the picture.
    case noPerson = "no_person"
    /// Someone is there but the arms are not seen well (too close, too dark, out of frame).
    case lowConfidence = "low_confidence"
    /// No guard for a while: hands down, walking, resting.
    case guardDropped = "guard_dropped"

    public var message: String {
        switch self {
        case .ok: return "boxing"
        case .noPerson: return "no person in view"
        case .lowConfidence: return "low confidence: step back into the light, arms in view"
        case .guardDropped: return "guard dropped: hands up"
        }
    }
}
