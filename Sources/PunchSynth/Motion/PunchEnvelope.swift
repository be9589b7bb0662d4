/// Speed and duration envelopes of the punches (peak wrist speed in m/s in the room, duration from the
/// hand leaving the guard to it being back). Jab from the issue (0.20–0.45 s, 3–9 m/s); the others keep
/// the published order — crosses and hooks are faster and longer than jabs — and are checked against
/// the real CoachMe jabs and crosses (README, "Synthetic boxer").
struct PunchEnvelope: Sendable {
    var speed: ClosedRange<Double>
    var duration: ClosedRange<Double>
    /// Median peak speed for a subject of average speed (the distribution is log-normal around it).
    var medianSpeed: Double

    static func of(_ kind: PunchKind) -> PunchEnvelope {
        switch kind {
        case .jab: return PunchEnvelope(speed: 3...9, duration: 0.20...0.45, medianSpeed: 3.6)
        // Two jabs whose extensions are 0.15–0.40 s apart, the first only partly retracted.
        case .doubleJab: return PunchEnvelope(speed: 3...9, duration: 0.40...0.90, medianSpeed: 3.8)
        case .cross: return PunchEnvelope(speed: 3.5...9.5, duration: 0.25...0.60, medianSpeed: 3.9)
        case .hook: return PunchEnvelope(speed: 3.5...10, duration: 0.30...0.70, medianSpeed: 5.5)
        case .uppercut: return PunchEnvelope(speed: 3...9, duration: 0.30...0.70, medianSpeed: 4.6)
        }
    }
}
