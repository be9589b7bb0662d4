import PunchKit

/// The subjects of a dataset: each drawn from its own random stream, so subject `s05` is the same
/// person whatever else is generated; 30 % of them (rounded) southpaws.
public enum SubjectPool {
    public static func make(seed: UInt64, ids: ClosedRange<Int>) -> [SubjectProfile] {
        var rng = SeededRandom(seed: seed, stream: "southpaws", index: ids.lowerBound)
        var order = Array(ids)
        for i in stride(from: order.count - 1, to: 0, by: -1) { order.swapAt(i, rng.int(0...i)) }
        let southpaws = Set(order.prefix(Int((Double(ids.count) * 0.3).rounded())))
        return ids.map { id in
            var r = SeededRandom(seed: seed, stream: "subject", index: id)
            return SubjectProfile.random(id: id, stance: southpaws.contains(id) ? .southpaw : .orthodox, rng: &r)
        }
    }
}
