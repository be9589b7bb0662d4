/// How peak speeds spread: quantiles and a histogram.
public struct SpeedDistribution: Sendable, Equatable {
    /// `m/s` or `torso/s`.
    public var units: String
    public var count: Int
    public var mean: Double
    public var min: Double
    public var p25: Double
    public var median: Double
    public var p75: Double
    public var max: Double
    /// Equal-width bins of round width covering min…max, lowest first.
    public var bins: [Bin]

    public struct Bin: Sendable, Equatable {
        public var lower: Double
        public var upper: Double
        public var count: Int
    }

    /// The distribution of `speeds` (nil when empty), with about `binCount` bins.
    public init?(units: String, speeds: [Double], binCount: Int = 8) {
        let sorted = speeds.filter(\.isFinite).sorted()
        guard let first = sorted.first, let last = sorted.last else { return nil }
        self.units = units
        count = sorted.count
        mean = sorted.reduce(0, +) / Double(sorted.count)
        min = first
        max = last
        p25 = Self.quantile(sorted, 0.25)
        median = Self.quantile(sorted, 0.5)
        p75 = Self.quantile(sorted, 0.75)
        bins = Self.histogram(sorted, binCount: Swift.max(1, binCount))
    }

    /// Linear interpolation between closest ranks (type 7, as NumPy and R by default).
    static func quantile(_ sorted: [Double], _ q: Double) -> Double {
        let position = q * Double(sorted.count - 1)
        let below = Int(position.rounded(.down))
        let above = Swift.min(below + 1, sorted.count - 1)
        return sorted[below] + (sorted[above] - sorted[below]) * (position - Double(below))
    }

    static func histogram(_ sorted: [Double], binCount: Int) -> [Bin] {
        let low = sorted[0], high = sorted[sorted.count - 1]
        let width = niceStep((high - low) / Double(binCount))
        let origin = (low / width).rounded(.down) * width
        let n = Swift.max(1, Int(((high - origin) / width).rounded(.down)) + 1)
        var bins = (0..<n).map { i in
            Bin(lower: origin + Double(i) * width, upper: origin + Double(i + 1) * width, count: 0)
        }
        for speed in sorted {
            bins[Swift.min(n - 1, Int(((speed - origin) / width).rounded(.down)))].count += 1
        }
        return bins
    }

    /// The smallest of 1, 2, 2.5, 5 × 10^k at least `raw` (0.1 when the speeds are all equal).
    static func niceStep(_ raw: Double) -> Double {
        guard raw > 0, raw.isFinite else { return 0.1 }
        let magnitude = pow10(floorLog10(raw))
        for factor in [1.0, 2.0, 2.5, 5.0, 10.0] where factor * magnitude >= raw * (1 - 1e-9) {
            return factor * magnitude
        }
        return 10 * magnitude
    }

    private static func floorLog10(_ x: Double) -> Int {
        var k = 0
        var v = x
        while v >= 10 { v /= 10; k += 1 }
        while v < 1 { v *= 10; k -= 1 }
        return k
    }

    private static func pow10(_ k: Int) -> Double {
        var r = 1.0
        if k >= 0 { for _ in 0..<k { r *= 10 } } else { for _ in 0..<(-k) { r /= 10 } }
        return r
    }
}
