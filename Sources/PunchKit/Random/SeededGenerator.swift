import Foundation

/// A small, fast, seedable random generator (SplitMix64, Steele et al. 2014) — the same seed gives the
/// same numbers on every machine, unlike `SystemRandomNumberGenerator`. Streams for parallel work are
/// derived with `derived(_:)`, so results do not depend on scheduling.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// An independent stream for item `index` of a parallel job.
    public func derived(_ index: UInt64) -> SeededGenerator {
        var g = SeededGenerator(seed: state ^ (index &* 0xD1B5_4A32_D192_ED03))
        _ = g.next()
        return g
    }

    /// Uniform in [0, 1).
    public mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    public mutating func uniform(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * unit() }

    /// Standard normal (Box–Muller).
    public mutating func gaussian() -> Double {
        let u1 = max(unit(), 1e-300), u2 = unit()
        return (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
    }

    public mutating func chance(_ p: Double) -> Bool { unit() < p }
}
