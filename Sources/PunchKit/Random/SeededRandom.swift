#if canImport(Glibc)
import Glibc
#else
import Foundation
#endif

/// The project's only source of randomness (synthetic data, augmentation, initial weights, the demo):
/// xoshiro256** (Blackman & Vigna 2018) seeded through SplitMix64. Never the system generator, so that a
/// seed gives the same files and the same model on every run.
///
/// Streams: `SeededRandom(seed:stream:index:)` derives an independent generator from a seed, a name
/// and a number (e.g. `("jab", 7)`), so clips can be generated in any order, in parallel, and still be
/// the same.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var s0: UInt64, s1: UInt64, s2: UInt64, s3: UInt64

    public init(seed: UInt64) {
        var sm = seed
        s0 = Self.splitMix(&sm)
        s1 = Self.splitMix(&sm)
        s2 = Self.splitMix(&sm)
        s3 = Self.splitMix(&sm)
    }

    /// An independent stream for (`seed`, `stream`, `index`).
    public init(seed: UInt64, stream: String, index: Int = 0) {
        // FNV-1a over the name, then mixed with the seed and index through SplitMix64.
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in stream.utf8 {
            h ^= UInt64(b)
            h = h &* 0x100_0000_01b3
        }
        var sm = seed ^ 0x9e37_79b9_7f4a_7c15
        _ = Self.splitMix(&sm)
        sm ^= h
        _ = Self.splitMix(&sm)
        sm ^= UInt64(bitPattern: Int64(index)) &* 0xd1b5_4a32_d192_ed03
        self.init(seed: Self.splitMix(&sm))
    }

    /// A child stream, for a part of a clip (camera, noise, motion …) that must not shift when another
    /// part draws more or fewer numbers.
    public mutating func fork(_ name: String) -> SeededRandom {
        SeededRandom(seed: next(), stream: name)
    }

    /// An independent stream for item `index` of a parallel job, without advancing this one (so the
    /// result does not depend on the order in which the items are run).
    public func derived(_ index: UInt64) -> SeededRandom {
        var sm = s0 ^ Self.rotl(s1, 17) ^ Self.rotl(s2, 31) ^ (index &* 0xd1b5_4a32_d192_ed03)
        return SeededRandom(seed: Self.splitMix(&sm))
    }

    private static func splitMix(_ x: inout UInt64) -> UInt64 {
        x = x &+ 0x9e37_79b9_7f4a_7c15
        var z = x
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    @inline(__always) private static func rotl(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 - k)) }

    public mutating func next() -> UInt64 {
        let result = Self.rotl(s1 &* 5, 7) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = Self.rotl(s3, 45)
        return result
    }

    // MARK: Distributions (own implementations, so that results never depend on the standard library's)

    /// Uniform in [0, 1).
    public mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// Uniform in [a, b).
    public mutating func uniform(_ a: Double, _ b: Double) -> Double { a + (b - a) * unit() }

    public mutating func uniform(_ r: ClosedRange<Double>) -> Double { uniform(r.lowerBound, r.upperBound) }

    /// Uniform integer in `r`.
    public mutating func int(_ r: ClosedRange<Int>) -> Int {
        r.lowerBound + Int(next() % UInt64(r.upperBound - r.lowerBound + 1))
    }

    public mutating func chance(_ p: Double) -> Bool { unit() < p }

    /// +1 or −1 with equal odds.
    public mutating func sign() -> Double { chance(0.5) ? 1 : -1 }

    /// Standard normal (Box–Muller).
    public mutating func gaussian() -> Double {
        let u1 = max(unit(), 1e-300), u2 = unit()
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }

    public mutating func normal(_ mean: Double, _ sd: Double) -> Double { mean + sd * gaussian() }

    /// Normal, redrawn until it falls in `r` (a few tries), else clamped.
    public mutating func normal(_ mean: Double, _ sd: Double, in r: ClosedRange<Double>) -> Double {
        for _ in 0..<8 {
            let x = normal(mean, sd)
            if r.contains(x) { return x }
        }
        return min(max(mean, r.lowerBound), r.upperBound)
    }

    /// Log-normal with the given median and log standard deviation.
    public mutating func logNormal(median: Double, sigma: Double) -> Double { median * exp(sigma * gaussian()) }

    public mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

    /// An index drawn with probability proportional to `weights`.
    public mutating func weighted(_ weights: [Double]) -> Int {
        let total = weights.reduce(0, +)
        var u = unit() * total
        for (i, w) in weights.enumerated() {
            if u < w { return i }
            u -= w
        }
        return weights.count - 1
    }
}
