/// The median of `values` (the mean of the two middle ones for an even count), nil when empty: the values
/// `values.sorted()` has in the middle, found by selection in linear time (the feature extractor takes four
/// medians of 120 values twice a window; sorting them was 3 % of a training epoch).
public func median(_ values: [Double]) -> Double? {
    guard !values.isEmpty else { return nil }
    var v = values
    let m = v.count / 2
    return v.withUnsafeMutableBufferPointer { b -> Double in
        let upper = select(b, m)
        guard b.count % 2 == 0 else { return upper }
        // The selection leaves every value before m at most the m-th: their largest is the (m − 1)-th.
        var lower = b[0]
        for i in 1..<m where b[i] > lower { lower = b[i] }
        return (lower + upper) / 2
    }
}

/// Moves the `k`-th smallest value (0-based) of `b` to index k, the ones before it no larger and the ones after
/// no smaller, and returns it (Hoare's quickselect, the pivot the median of three).
private func select(_ b: UnsafeMutableBufferPointer<Double>, _ k: Int) -> Double {
    var lo = 0, hi = b.count - 1
    while hi > lo {
        let mid = lo + (hi - lo) / 2
        // Median of three at mid, the others around it.
        if b[mid] < b[lo] { b.swapAt(mid, lo) }
        if b[hi] < b[lo] { b.swapAt(hi, lo) }
        if b[hi] < b[mid] { b.swapAt(hi, mid) }
        let pivot = b[mid]
        var i = lo, j = hi
        while i <= j {
            while b[i] < pivot { i += 1 }
            while pivot < b[j] { j -= 1 }
            if i <= j { b.swapAt(i, j); i += 1; j -= 1 }
        }
        // Now lo...j ≤ pivot ≤ i...hi, and j < i.
        if k <= j { hi = j } else if k >= i { lo = i } else { return b[k] }
    }
    return b[k]
}
