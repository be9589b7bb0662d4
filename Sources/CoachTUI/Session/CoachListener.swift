/// A source that listens to the coach: the demo boxer answers callouts, rests when told and
/// shadow-boxes on its own when the mode wants it.
public protocol CoachListener: AnyObject {
    /// A mode action at session time `now` (callouts, rests, rounds, recordings).
    func hear(_ action: ModeAction, at now: Double)
    /// Whether to shadow-box without being called (free boxing, a round's work).
    func setShadowBoxing(_ on: Bool, at now: Double)
}
