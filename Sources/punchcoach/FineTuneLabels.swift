import PunchKit

/// Fine-tuning keeps the model's classes, so a data set's own words for them (`Guard`, `Lead Hook`,
/// `DoubleJab`, `none` beside a guard label) are read as those classes, as `evaluate` reads truth
/// (`TruthLabelReading`). A label that names a family (`straight`: a jab, a double jab or a cross; `none`
/// without a guard label: stance or idle) can be scored but cannot teach one class, so it is refused in one
/// line naming its folder. A label read as nothing is left as it is, for the caller's unknown-label check.
enum FineTuneLabels {
    /// Relabels `datasets` in the words of `classes`; each renaming is logged.
    static func read(_ datasets: inout [Dataset], as classes: [String]) throws {
        let all = Set(datasets.flatMap(\.labels))
        let reading = TruthLabelReading(labels: all.sorted(), classes: classes)
        for family in reading.families {
            let labels = all.filter { reading.read($0) == family.name }.sorted()
            let folder = datasets.first { !Set($0.labels).isDisjoint(with: labels) }?.root.path ?? "the data"
            throw CLIError("\(folder): label \(labels.map { "'\($0)'" }.joined(separator: ", ")) may be any of "
                + "\(family.members.joined(separator: ", ")), and a clip teaches one class: label its clips by the class each is, or leave them out")
        }
        for (label, read) in reading.renamed.sorted(by: { $0.key < $1.key }) { Log.info("label '\(label)' read as '\(read)'") }
        for i in datasets.indices { datasets[i].relabel(reading.read) }
    }
}
