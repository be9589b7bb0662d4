import PunchKit

/// The random part of an uppercut (angles in radians, distances in metres). Drawn in the order of the
/// fields below: the generated data depends on it.
struct UppercutParameters: Sendable {
    /// How deep the knees bend in the dip, the lean towards the punching side, the turn while loading
    /// and the turn of the drive.
    var dipDepth, sideLean, loadTurn, driveTurn: Double
    /// The low point of the fist (below, in front of and across from the shoulder) …
    var lowDown, lowForward, lowAcross: Double
    /// … and the high one (above the chin, in front of and across from the shoulder).
    var aboveChin, highForward, highAcross: Double
    /// Seconds the fist stays at the top (not scaled by the tempo).
    var stay: Double

    init(rng: inout SeededRandom) {
        dipDepth = rng.uniform(0.05, 0.12)
        sideLean = degrees(rng.uniform(5, 14))
        loadTurn = degrees(rng.uniform(5, 15))
        driveTurn = degrees(rng.uniform(20, 40))
        lowDown = rng.uniform(0.22, 0.34)
        lowForward = rng.uniform(0.05, 0.15)
        lowAcross = rng.uniform(0.02, 0.08)
        aboveChin = rng.uniform(-0.06, 0.06)
        highForward = rng.uniform(0.28, 0.42)
        highAcross = rng.uniform(0.08, 0.16)
        stay = rng.uniform(0.01, 0.05)
    }
}
