import Foundation

/// McNemar's exact test of two classifiers read on the same items (McNemar 1947; Agresti, "Categorical Data
/// Analysis", 3rd ed., §11.1; Dietterich 1998 for classifiers): only the items one reads right and the other wrong
/// tell them apart, and if neither is better each such item goes either way with chance ½. Exact (the binomial law),
/// so it holds for the few clips of a check session, where a normal approximation would not.
public enum McNemarExactTest {
    /// The two-sided p-value: the chance, were the two classifiers equally good, that the `onlyFirst` + `onlySecond`
    /// items they disagree on split at least this unevenly (1 when they disagree on none).
    public static func pValue(onlyFirst: Int, onlySecond: Int) -> Double {
        precondition(onlyFirst >= 0 && onlySecond >= 0, "counts of items")
        let n = onlyFirst + onlySecond, k = min(onlyFirst, onlySecond)
        guard n > 0 else { return 1 }
        let tail = (0...k).reduce(0.0) { $0 + exp(logBinomialCoefficient(n, $1) - Double(n) * log(2.0)) }
        return min(1, 2 * tail)
    }
}
