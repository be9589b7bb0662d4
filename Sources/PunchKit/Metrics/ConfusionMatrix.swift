/// Counts of (true label, predicted label) over a fixed, ordered label set.
/// Rows are the truth, columns the prediction.
public struct ConfusionMatrix: Equatable, Sendable, Codable {
    public let labels: [String]
    public private(set) var counts: [[Int]]

    public init(labels: [String]) {
        self.labels = labels
        counts = Array(repeating: Array(repeating: 0, count: labels.count), count: labels.count)
    }

    public init(labels: [String], counts: [[Int]]) {
        precondition(counts.count == labels.count && counts.allSatisfy { $0.count == labels.count })
        self.labels = labels
        self.counts = counts
    }

    public mutating func add(truth: Int, predicted: Int, count: Int = 1) {
        counts[truth][predicted] += count
    }

    public mutating func add(truth: String, predicted: String) {
        guard let t = labels.firstIndex(of: truth), let p = labels.firstIndex(of: predicted) else {
            preconditionFailure("label not in the matrix: \(truth) / \(predicted)")
        }
        add(truth: t, predicted: p)
    }

    public var total: Int { counts.reduce(0) { $0 + $1.reduce(0, +) } }
    public var correct: Int { labels.indices.reduce(0) { $0 + counts[$1][$1] } }
    public var accuracy: Double { total == 0 ? 0 : Double(correct) / Double(total) }

    public func support(_ i: Int) -> Int { counts[i].reduce(0, +) }
    public func predictedCount(_ i: Int) -> Int { counts.reduce(0) { $0 + $1[i] } }
}
