import PunchKit

/// Something the boxer does over a stretch of time: a punch, a slip, a walk, a stretch.
/// Motions add to the body channels and may take over the hands; many can overlap.
protocol Motion: Sendable {
    /// When the motion starts and stops affecting the body (seconds on the choreography's clock).
    var start: Double { get }
    var end: Double { get }
    /// A motion that leaves a lasting change (a step, dropping the guard) keeps acting after its end.
    var persists: Bool { get }
    func body(at t: Double, _ c: inout BodyChannels)
    func hands(at t: Double, subject: SubjectProfile, torso: TorsoState, _ goals: inout HandGoals)
}

extension Motion {
    var persists: Bool { false }
    func hands(at t: Double, subject: SubjectProfile, torso: TorsoState, _ goals: inout HandGoals) {}
}

/// A punch: a motion with a labelled interval (hand leaves the guard → hand back in guard).
protocol PunchMotion: Motion {
    var kind: PunchKind { get }
    var hand: PunchHand { get }
    var guardLeave: Double { get }
    var guardReturn: Double { get }
    /// Times of full extension (one per punch; two for a double jab).
    var impacts: [Double] { get }
    /// Seconds the fist is held at full extension beyond the punch's own rhythm (0 for most punches).
    var hold: Double { get }
}

extension PunchMotion {
    var label: PunchLabel { kind.label }
}
