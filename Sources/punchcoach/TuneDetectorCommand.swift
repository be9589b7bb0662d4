import ArgumentParser
import Foundation
import PunchDetect
import PunchKit
import PunchModel

/// Measures the detector's settings on a validation set (`synth` with its own seed): how often to
/// classify (k), smoothing, hysteresis, the punch gate — each against clip F1, event F1, count error,
/// latency and classifier cost. The defaults in `DetectorConfiguration` come from this table.
struct TuneDetectorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tune-detector",
        abstract: "Measure detector settings (stride k, smoothing, thresholds) on a labelled validation set.",
        discussion: "Use a validation set of subjects that is neither the training nor the test set (e.g. synth --seed 13 --first-subject 201).")

    @OptionGroup var modelOption: ModelOption
    @Option(help: "Validation dataset folder (clips and rounds with truth).") var data: String
    @OptionGroup var output: JSONOption

    struct Row: Encodable {
        var stride, smoothing: Int
        var enter, exit, gate, labelGate: Float
        var mergeGap: Double
        var clipMacroF1, clipWorstClass, eventF1, eventPrecision, eventRecall, countError: Double
        var latencyMedianMs: Double?
        var classifierMsPerStreamSecond: Double
    }

    func run() async throws {
        let classifier = try modelOption.load()
        let dataset = try DatasetLoading.load([data], quiet: true)[0]
        var variants: [DetectorConfiguration] = []
        let base = DetectorConfiguration()
        for k in [1, 2, 3, 4] { var c = base; c.stride = k; variants.append(c) }
        for s in [1, 3, 4] { var c = base; c.smoothing = s; variants.append(c) }
        for (enter, exit) in [(Float(0.4), Float(0.3)), (0.6, 0.4), (0.6, 0.5), (0.7, 0.5)] {
            var c = base; c.enter = enter; c.exit = exit; variants.append(c)
        }
        for gate in [Float(0.4), 0.6, 0.7] { var c = base; c.minimumPunchProbability = gate; variants.append(c) }
        for gate in [Float(0.3), 0.4, 0.5] { var c = base; c.minimumLabelProbability = gate; variants.append(c) }
        for gap in [0.2, 0.4] { var c = base; c.mergeGap = gap; variants.append(c) }
        for gap in [0.2, 0.4] { var c = base; c.mergeGap = gap; c.minimumLabelProbability = 0.4; variants.append(c) }
        for (punch, label) in [(Float(0.6), Float(0.5)), (0.7, 0.5), (0.6, 0.6), (0.7, 0.6)] {
            var c = base; c.minimumPunchProbability = punch; c.minimumLabelProbability = label; c.mergeGap = 0.3; variants.append(c)
        }
        let forward = median(ModelBenchmark.forwardPass(classifier: classifier, window: BenchFixtures.window(), runs: 200).whole) ?? .nan
        var rows: [Row] = []
        for (i, cfg) in variants.enumerated() {
            Log.info("setting \(i + 1)/\(variants.count)…")
            let e = DatasetEvaluator.evaluate(classifier, clips: dataset.clips, configuration: cfg)
            let ev = e.events
            rows.append(Row(stride: cfg.stride, smoothing: cfg.smoothing, enter: cfg.enter, exit: cfg.exit, gate: cfg.minimumPunchProbability,
                            labelGate: cfg.minimumLabelProbability, mergeGap: cfg.mergeGap,
                            clipMacroF1: e.report.macroF1,
                            clipWorstClass: e.report.classes.filter { $0.support > 0 }.map { min($0.precision, $0.recall) }.min() ?? 0,
                            eventF1: ev?.f1 ?? .nan, eventPrecision: ev?.precision ?? .nan, eventRecall: ev?.recall ?? .nan,
                            countError: ev?.countError ?? .nan, latencyMedianMs: ev?.latencyMedianMs,
                            classifierMsPerStreamSecond: forward * 60 / Double(cfg.stride)))
        }
        if output.json {
            try JSONOutput.print(["settings": rows])
        } else {
            print("| k | smooth | enter | exit | punch gate | label gate | merge gap s | clip macro-F1 | worst class P/R | event F1 | count error | latency ms | classifier ms per s |")
            print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
            for r in rows {
                print("| \(r.stride) | \(r.smoothing) | \(r.enter) | \(r.exit) | \(r.gate) | \(r.labelGate) | \(r.mergeGap) | \(String(format3: r.clipMacroF1)) | \(String(format3: r.clipWorstClass)) | "
                      + "\(String(format3: r.eventF1)) | \(String(format3: r.countError)) | \(r.latencyMedianMs.map { String(format1: $0) } ?? "–") | \(String(format1: r.classifierMsPerStreamSecond)) |")
            }
        }
    }
}
