import PunchKit

/// What the worst camera group reads by chance alone: the set's misses dealt at random over its clips, the
/// lowest accuracy among the groups large enough to be read, over many deals. A set of 2 800 clips in 40 groups
/// of 4–460 clips, 2 % of them misread, has a worst group near 0.93 even when no camera is harder than another;
/// the observed worst group means something only against that figure (`evaluate --by-camera`).
public struct WorstGroupByChance: Sendable, Equatable {
    /// Groups smaller than this are left out of the worst (the README's and the lab book's bins of ≥ 20 clips: a
    /// group of 5 reads 0.8 with one miss).
    public static let minimumClips = 20

    /// The set's misreads, dealt over its clips.
    public var misreads: Int
    /// The observed worst accuracy among the groups of `minimumClips` or more.
    public var observed: Double
    /// The median over the deals, and the 5th and 95th percentiles.
    public var median: Double
    public var low: Double
    public var high: Double
    /// The share of deals whose worst group reads at or below `observed`: a one-sided chance of a worst group so low.
    public var shareAsLow: Double

    /// Nil when no group has `minimumClips` clips, or there is one group only: it is the whole set, so every deal
    /// gives it the set's misses and its accuracy; there is nothing to compare.
    public init?(_ groups: [CameraBreakdown.Group], deals: Int = 1000, seed: UInt64 = 1) {
        let readable = groups.indices.filter { groups[$0].clips >= Self.minimumClips }
        guard groups.count > 1, !readable.isEmpty, deals > 0 else { return nil }
        let misses = groups.reduce(0) { $0 + $1.misread }
        // The group of each clip; a deal picks `misses` clips without replacement (a partial Fisher–Yates shuffle).
        var owner = groups.indices.flatMap { Array(repeating: $0, count: groups[$0].clips) }
        var rng = SeededRandom(seed: seed)
        var worst: [Double] = []
        for _ in 0..<deals {
            var missed = [Int](repeating: 0, count: groups.count)
            for i in 0..<misses {
                owner.swapAt(i, rng.int(i...(owner.count - 1)))
                missed[owner[i]] += 1
            }
            worst.append(readable.map { 1 - Double(missed[$0]) / Double(groups[$0].clips) }.min()!)
        }
        let observed = readable.map { groups[$0].accuracy }.min()!
        let central = ScoreInterval.percentiles(worst, level: 0.90)
        self.misreads = misses
        self.observed = observed
        median = PunchKit.median(worst)!; low = central.low; high = central.high
        shareAsLow = Double(worst.filter { $0 <= observed + 1e-12 }.count) / Double(deals)
    }
}
