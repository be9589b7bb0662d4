import Foundation

/// Fisher's exact test of a 2 × 2 table, one-sided (Fisher 1935, "The Design of Experiments", §2; Agresti,
/// "Categorical Data Analysis", 3rd ed., §3.5.1): does a group hold more of the misses than chance would give it,
/// the misses of the whole set dealt out at random? Exact, so it holds for a bin of ten clips and a set whose other
/// clips are all right, where an interval around one side alone says too much.
public enum FisherExactTest {
    /// P(a group of `groupSize` drawn from `total` items holds at least `groupMisses` of the `misses`): the upper
    /// tail of the hypergeometric law.
    public static func upperTail(groupMisses: Int, groupSize: Int, misses: Int, total: Int) -> Double {
        precondition(0 <= groupMisses && groupMisses <= groupSize && groupSize <= total && 0 <= misses && misses <= total,
                     "counts of a 2 × 2 table")
        let last = min(groupSize, misses)
        guard groupMisses <= last else { return 0 }
        // The group holds at least this many misses whatever the deal: the whole law, exactly 1.
        guard groupMisses > max(0, groupSize - (total - misses)) else { return 1 }
        let denominator = logBinomialCoefficient(total, groupSize)
        var p = 0.0
        for i in groupMisses...last where groupSize - i <= total - misses {
            p += exp(logBinomialCoefficient(misses, i) + logBinomialCoefficient(total - misses, groupSize - i) - denominator)
        }
        return min(1, p)
    }
}
