import ArgumentParser
import Foundation
import PunchDetect
import PunchKit
import PunchModel

struct InputShiftCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "input-shift",
        abstract: "Where two labelled datasets differ in what the network reads: its input channels, label by label.",
        discussion: """
            Both sets are run through the detector as `evaluate` runs them. Every window the network reads is \
            kept as the mean of each standardised input channel over its newest 20 frames; a labelled stretch \
            (an annotated segment or event, or a whole clip) is one sample, the mean of the windows whose \
            labelled frame lies in it. For each label both sets hold, the channels are listed by their shift: \
            the difference of the means in pooled standard deviations (Cohen's d; 0.2 small, 0.8 large). \
            Typical use: a real set against synthetic data cut the same way, e.g. \
            `input-shift --data ../shared/datasets/boxingvi-dev --against SYNTH --merge straight=jab,double_jab,cross \
            --without-depth`. 3D channels are compared only where both sets have depth.
            """)

    @OptionGroup var modelOption: ModelOption
    @Option(help: "Dataset folder: the set to explain (e.g. a real one).") var data: String
    @Option(help: "Dataset folder to compare it with (e.g. the synthetic training data).") var against: String
    @Option(help: ArgumentHelp("Read truth labels a, b, c of both sets as NAME (repeatable).", valueName: "NAME=a,b[,c]"))
    var merge: [String] = []
    @Flag(help: "Read both sets as 2D keypoints: drop world coordinates and depth.") var withoutDepth = false
    @Option(help: "Channels to list for each label, largest shifts first.") var top: Int = 10
    @Option(help: ArgumentHelp("Only these labels (comma-separated, after --merge).", valueName: "a,b,…")) var labels: String?
    @OptionGroup var output: JSONOption

    func validate() throws {
        guard top > 0 else { throw ValidationError("--top must be at least 1") }
    }

    func run() throws {
        let families: LabelMerge
        do { families = try LabelMerge(parsing: merge) } catch { throw CLIError("--merge: \(error)") }
        let classifier = try modelOption.load()
        let sets = try DatasetLoading.load([data, against], quiet: true)
        // Which labels both hold, before the slow part.
        let held = sets.map { set in Set(set.clips.flatMap { InputShift.spans(of: $0, merge: families).map(\.label) }) }
        let wanted = labels.map { Set($0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }) }
        guard !held[0].intersection(held[1]).intersection(wanted ?? held[0]).isEmpty else {
            throw CLIError("no label to compare: \(data) holds \(held[0].sorted().joined(separator: ", ")), \(against) holds \(held[1].sorted().joined(separator: ", "))\(labels.map { ", --labels asks for \($0)" } ?? "") (--merge maps labels together)")
        }
        var summaries: [[InputShift.Stretch]] = []
        for (path, var dataset) in zip([data, against], sets) {
            if withoutDepth { dataset.flattenToPicture() }
            Log.info("reading the inputs of \(dataset.clips.count) recordings of \(path)…")
            let (stretches, failures) = InputShift.stretches(classifier, clips: dataset.clips, merge: families)
            for f in failures { Log.info("error: \(dataset.root.appendingPathComponent(f.name).path): \(f.message)") }
            guard !stretches.isEmpty else {
                throw CLIError("\(path): no labelled clip or segment could be read; input-shift needs labelled data (DIR/<label>/<clip>.csv, index.csv or annotations)")
            }
            summaries.append(stretches)
        }
        var rows = InputShift.compare(summaries[0], against: summaries[1])
        if let wanted { rows.removeAll { !wanted.contains($0.label) } }
        guard !rows.isEmpty else {
            throw CLIError("no label of \(data) and \(against) had a window to compare (their clips are shorter than the detector reads?)")
        }
        let count = { (set: Int, label: String) in summaries[set].filter { $0.label == label }.count }
        var shown: [InputShift.Row] = []
        var byLabel: [String: Int] = [:]
        for r in rows where byLabel[r.label, default: 0] < top {
            shown.append(r)
            byLabel[r.label, default: 0] += 1
        }
        if output.json {
            try JSONOutput.print(Report(data: data, against: against, rows: shown.map(Report.Entry.init),
                                        samples: byLabel.keys.sorted().map { .init(label: $0, data: count(0, $0), against: count(1, $0)) }))
            return
        }
        var text = "# Input shift: \(data) against \(against)\n"
        for label in byLabel.keys.sorted() {
            text += "\n## \(label) (\(count(0, label)) against \(count(1, label)) stretches)\n\n"
            text += "| channel | mean | against | shift (SD) |\n|---|---:|---:|---:|\n"
            for r in shown where r.label == label {
                text += "| \(r.channel) | \(fmt(r.mean)) | \(fmt(r.againstMean)) | \(String(format: "%+.2f", r.shift)) |\n"
            }
        }
        print(text, terminator: "")
    }

    private func fmt(_ x: Double) -> String { String(format: "%.2f", x) }

    struct Report: Encodable {
        struct Entry: Encodable {
            var label: String, channel: String, mean: Double, against: Double, shift: Double
            init(_ r: InputShift.Row) {
                label = r.label; channel = r.channel; mean = r.mean; against = r.againstMean; shift = r.shift
            }
        }
        struct Samples: Encodable { var label: String, data: Int, against: Int }
        var data: String, against: String
        var rows: [Entry]
        var samples: [Samples]
    }
}
