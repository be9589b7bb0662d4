import PunchKit

/// Two models read on the same clips, compared clip by clip (`evaluate --against`): how many each reads right, the
/// clips only one of them reads right, and McNemar's exact test of whether that split says one is better. Made for a
/// person's check session (a few clips the tuning never saw): is the tuned model better than the one it came from?
public struct ModelComparison: Sendable {
    /// Clips both evaluations scored (matched by name; truth and prediction after each evaluation's `merge`).
    public var clips: Int
    public var firstRight: Int
    public var secondRight: Int
    /// Clips read right by one model only, by name.
    public var onlyFirst: [String]
    public var onlySecond: [String]
    /// McNemar's exact two-sided p-value over `onlyFirst` and `onlySecond`.
    public var pValue: Double { McNemarExactTest.pValue(onlyFirst: onlyFirst.count, onlySecond: onlySecond.count) }

    /// The comparison of `first` and `second`, evaluations of the same data by two models.
    public init(_ first: DatasetEvaluation, _ second: DatasetEvaluation) {
        func right(_ e: DatasetEvaluation) -> [String: Bool] {
            Dictionary(e.clips.map { ($0.name, e.merge.map($0.truth) == e.merge.map($0.predicted)) }, uniquingKeysWith: { a, _ in a })
        }
        let a = right(first), b = right(second)
        let names = first.clips.map(\.name).filter { b[$0] != nil }
        clips = names.count
        firstRight = names.filter { a[$0]! }.count
        secondRight = names.filter { b[$0]! }.count
        onlyFirst = names.filter { a[$0]! && !b[$0]! }
        onlySecond = names.filter { !a[$0]! && b[$0]! }
    }

    /// What the split says, in words, the models named `first` and `second` (two-sided, at the 5 % level).
    public func verdict(first: String, second: String) -> String {
        guard !(onlyFirst.isEmpty && onlySecond.isEmpty) else { return "they read every clip alike: nothing tells them apart" }
        guard pValue < 0.05 else {
            return "too few clips read differently to tell them apart (p ≥ 0.05): record more clips to check on"
        }
        return "\(onlyFirst.count > onlySecond.count ? first : second) reads these clips better (p < 0.05)"
    }
}
