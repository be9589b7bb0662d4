import Testing
import PunchKit

/// `median` by selection gives the values a sort puts in the middle, to the bit: odd and even counts, ties,
/// values in any order.
@Suite struct MedianTests {
    @Test func selectionGivesTheSortedMiddle() {
        var rng = SeededRandom(seed: 12)
        for count in 1...130 {
            for trial in 0..<20 {
                // Every fourth array drawn from a few values only, so that ties fall on the middle.
                let values = (0..<count).map { _ in trial % 4 == 0 ? Double(Int(rng.uniform(0, 4))) : rng.gaussian() * 3 }
                let s = values.sorted(), m = count / 2
                let expected = count % 2 == 1 ? s[m] : (s[m - 1] + s[m]) / 2
                #expect(median(values) == expected, "\(values)")
            }
        }
        #expect(median([]) == nil)
        #expect(median([2, 1]) == 1.5 && median([5, 5, 1]) == 5)
    }
}
