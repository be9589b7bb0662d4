import ArgumentParser
import Foundation
import PunchKit
import PunchModel

struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Time the extractor, the classifier's forward pass and a training step (medians).",
        discussion: "Machines are shared and noisy: every figure is the median of many runs of the real code.")

    @Flag(help: "Print one JSON object on stdout.") var json = false
    @Option(help: "Model file to time (default: the shipped model, else a fresh one of the standard shape).")
    var model: String?

    func run() async throws {
        let classifier = try ModelLocation.loadOrFresh(model)
        let window = BenchFixtures.window()
        let r = ModelBenchmark.run(classifier: classifier, window: window)
        let forward = ModelBenchmark.median(r.forwardMilliseconds)
        let networkOnly = ModelBenchmark.median(r.networkOnlyMilliseconds)
        let step = ModelBenchmark.median(r.trainStepMilliseconds)
        let windowsPerSecond = Double(r.batch) / (step / 1000)
        if json {
            try JSONOutput.print([
                "classifier_forward_ms": forward, "classifier_network_only_ms": networkOnly,
                "train_step_ms": step, "train_batch": Double(r.batch), "train_windows_per_s": windowsPerSecond,
                "parameters": Double(r.parameters),
            ])
        } else {
            print("classifier forward (1 window, 1 thread, features + network): \(String(format3: forward)) ms median of \(r.forwardMilliseconds.count)")
            print("  network only: \(String(format3: networkOnly)) ms")
            print("training step (batch \(r.batch), 2 threads): \(String(format3: step)) ms median → \(Int(windowsPerSecond)) windows/s")
            print("parameters: \(r.parameters)")
        }
    }
}
