/// Precision, recall and F1 of one class. A class never predicted has precision 0 (scikit-learn's
/// `zero_division=0`); a class without support has recall 0 and is left out of the macro averages.
public struct ClassScores: Equatable, Sendable, Codable {
    public var label: String
    public var precision: Double
    public var recall: Double
    public var f1: Double
    public var support: Int
}

/// Per-class scores, macro averages and accuracy of a confusion matrix.
public struct ClassificationReport: Equatable, Sendable, Codable {
    public var classes: [ClassScores]
    public var macroPrecision: Double
    public var macroRecall: Double
    public var macroF1: Double
    public var accuracy: Double
    public var confusion: ConfusionMatrix

    public init(_ m: ConfusionMatrix) {
        confusion = m
        accuracy = m.accuracy
        classes = m.labels.indices.map { i in
            let tp = Double(m.counts[i][i])
            let predicted = Double(m.predictedCount(i)), support = m.support(i)
            let p = predicted > 0 ? tp / predicted : 0
            let r = support > 0 ? tp / Double(support) : 0
            let f = p + r > 0 ? 2 * p * r / (p + r) : 0
            return ClassScores(label: m.labels[i], precision: p, recall: r, f1: f, support: support)
        }
        let present = classes.filter { $0.support > 0 }
        let n = Double(max(present.count, 1))
        macroPrecision = present.reduce(0) { $0 + $1.precision } / n
        macroRecall = present.reduce(0) { $0 + $1.recall } / n
        macroF1 = present.reduce(0) { $0 + $1.f1 } / n
    }

    public func scores(for label: String) -> ClassScores? { classes.first { $0.label == label } }

    /// What the misses of `label` were predicted as, most frequent first.
    public func confusions(of label: String) -> [(label: String, count: Int)] {
        guard let i = confusion.labels.firstIndex(of: label) else { return [] }
        return confusion.labels.indices
            .filter { $0 != i && confusion.counts[i][$0] > 0 }
            .map { (confusion.labels[$0], confusion.counts[i][$0]) }
            .sorted { $0.count > $1.count }
    }

    /// The report as Markdown tables (per class, macro, confusion matrix).
    public func markdown() -> String {
        func f(_ x: Double) -> String { String(format3: x) }
        var s = "| class | precision | recall | F1 | support |\n|---|---:|---:|---:|---:|\n"
        for c in classes { s += "| \(c.label) | \(f(c.precision)) | \(f(c.recall)) | \(f(c.f1)) | \(c.support) |\n" }
        s += "| **macro** | \(f(macroPrecision)) | \(f(macroRecall)) | \(f(macroF1)) | \(confusion.total) |\n\n"
        s += "Accuracy: \(f(accuracy)) (\(confusion.correct) of \(confusion.total)).\n\n"
        s += "Confusion matrix (rows: truth, columns: prediction):\n\n"
        s += "| truth \\ predicted | " + confusion.labels.joined(separator: " | ") + " |\n"
        s += "|---|" + String(repeating: "---:|", count: confusion.labels.count) + "\n"
        for (i, row) in confusion.counts.enumerated() {
            s += "| \(confusion.labels[i]) | " + row.map(String.init).joined(separator: " | ") + " |\n"
        }
        return s
    }
}

extension String {
    /// A number with three decimals, locale-independent.
    public init(format3 x: Double) {
        let r = (x * 1000).rounded() / 1000
        var s = String(r)
        if let dot = s.firstIndex(of: ".") {
            let decimals = s.distance(from: dot, to: s.endIndex) - 1
            if decimals < 3 { s += String(repeating: "0", count: 3 - decimals) }
        } else { s += ".000" }
        self = s
    }
}
