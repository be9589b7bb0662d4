import Foundation

/// A 95 % interval around a score read from a sample of clips: how far it could move with another sample of
/// the same size. A real set of 22 clips and one of 1 582 say a macro-F1 with very different certainty, and
/// a change between two models smaller than their intervals is not a change the set can show.
///
/// Clips are resampled, not people: clips of one person are alike, so a new set of people would spread
/// wider than these intervals do. They are a floor on the uncertainty, not its measure.
public struct ScoreInterval: Equatable, Sendable {
    public var low: Double
    public var high: Double

    public init(low: Double, high: Double) {
        self.low = low
        self.high = high
    }

    /// z of a two-sided 95 % interval.
    public static let z95 = 1.959964

    /// z of a two-sided interval of `level` under the normal law: P(|Z| > z) = erfc(z / √2) = 1 − level,
    /// solved by bisection (erfc falls monotonically). `z(twoSided: 0.95)` is `z95`.
    public static func z(twoSided level: Double) -> Double {
        precondition(level > 0 && level < 1, "a level between 0 and 1")
        var low = 0.0, high = 40.0
        for _ in 0..<200 {
            let mid = (low + high) / 2
            if erfc(mid / 2.0.squareRoot()) > 1 - level { low = mid } else { high = mid }
        }
        return (low + high) / 2
    }

    /// The Wilson score interval of a proportion `successes` / `trials` (Wilson 1927; Brown, Cai & DasGupta
    /// 2001 recommend it over the normal approximation for small samples and proportions near 0 or 1, where
    /// per-class recall of a real set often is). Nil without trials.
    public static func wilson(successes: Int, trials: Int, z: Double = z95) -> ScoreInterval? {
        guard trials > 0 else { return nil }
        let n = Double(trials), p = Double(successes) / n, z2 = z * z
        let centre = (p + z2 / (2 * n)) / (1 + z2 / n)
        let half = z / (1 + z2 / n) * (p * (1 - p) / n + z2 / (4 * n * n)).squareRoot()
        return ScoreInterval(low: max(0, centre - half), high: min(1, centre + half))
    }

    /// The central `level` share of `values` (percentiles, linear between order statistics).
    public static func percentiles(_ values: [Double], level: Double) -> ScoreInterval {
        let sorted = values.sorted()
        func quantile(_ q: Double) -> Double {
            let x = q * Double(sorted.count - 1), i = Int(x.rounded(.down)), f = x - Double(i)
            return i + 1 < sorted.count ? sorted[i] * (1 - f) + sorted[i + 1] * f : sorted[i]
        }
        return ScoreInterval(low: quantile((1 - level) / 2), high: quantile((1 + level) / 2))
    }
}

/// In JSON an interval is `[low, high]`.
extension ScoreInterval: Codable {
    public init(from decoder: Decoder) throws {
        var c = try decoder.unkeyedContainer()
        low = try c.decode(Double.self)
        high = try c.decode(Double.self)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(low)
        try c.encode(high)
    }
}

extension ConfusionMatrix {
    /// The same number of clips of each true label, each drawn with replacement from that label's row: a
    /// bootstrap sample that keeps every class's support, so a macro average stays over the same classes.
    public func resampledByTruth(_ rng: inout SeededRandom) -> ConfusionMatrix {
        var out = ConfusionMatrix(labels: labels)
        for (t, row) in counts.enumerated() {
            let n = row.reduce(0, +)
            guard n > 0 else { continue }
            let predictions = row.enumerated().flatMap { Array(repeating: $0.offset, count: $0.element) }
            for _ in 0..<n { out.add(truth: t, predicted: predictions[rng.int(0...(n - 1))]) }
        }
        return out
    }
}

extension ClassificationReport {
    /// A percentile bootstrap interval of the macro-F1 (Efron & Tibshirani 1993, ch. 13): `resamples`
    /// resamplings of the clips within each true label (`ConfusionMatrix.resampledByTruth`), a fixed seed so
    /// that a report reads the same every time. Nil without clips.
    public func macroF1Interval(resamples: Int = 1000, level: Double = 0.95, seed: UInt64 = 1) -> ScoreInterval? {
        guard confusion.total > 0, resamples > 0 else { return nil }
        var rng = SeededRandom(seed: seed)
        let values = (0..<resamples).map { _ in ClassificationReport(confusion.resampledByTruth(&rng)).macroF1 }
        return ScoreInterval.percentiles(values, level: level)
    }

    /// The Wilson interval of each class's recall (its hits among its support), in `classes`' order; nil for
    /// a class without support.
    public var recallIntervals: [ScoreInterval?] {
        confusion.labels.indices.map { ScoreInterval.wilson(successes: confusion.counts[$0][$0], trials: confusion.support($0)) }
    }
}
