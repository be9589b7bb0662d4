import Foundation
import PunchKit

/// Timings of the classifier, measured on the real code: one window's forward pass (feature
/// extraction + standardisation + network) and one training step (forward + backward + AdamW).
public enum ModelBenchmark {
    public struct Result: Sendable {
        public var forwardMilliseconds: [Double]
        public var networkOnlyMilliseconds: [Double]
        public var trainStepMilliseconds: [Double]
        public var batch: Int
        public var parameters: Int
    }

    static func milliseconds(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }

    /// Runs the measurements: the forward pass on one thread, the training step as training runs it
    /// (the batch split over `replicas` copies of the network, one a core, gradients gathered, AdamW).
    public static func run(classifier: PunchClassifier, window: SequenceWindow, forwardRuns: Int = 300,
                           trainSteps: Int = 20, batch: Int = 64, replicas: Int = 2) -> Result {
        let (forward, networkOnly) = forwardPass(classifier: classifier, window: window, runs: forwardRuns)
        let train = trainingStep(classifier: classifier, steps: trainSteps, batch: batch, replicas: replicas)
        return Result(forwardMilliseconds: forward, networkOnlyMilliseconds: networkOnly, trainStepMilliseconds: train,
                      batch: batch, parameters: classifier.parameterCount)
    }

    /// Milliseconds of one window's forward pass on this thread, whole (features + standardisation +
    /// networks) and the networks alone (every member of an ensemble), `runs` of each after a warm-up.
    public static func forwardPass(classifier: PunchClassifier, window: SequenceWindow, runs: Int = 300)
        -> (whole: [Double], networkOnly: [Double]) {
        for _ in 0..<20 { _ = classifier.classify(window, mirror: false) }  // warm-up
        let whole = (0..<runs).map { _ in milliseconds { _ = classifier.classify(window, mirror: false) } }
        let channels = classifier.header.features.channels, frames = classifier.window.frames
        let single = Tensor(channels: channels, batch: 1, time: frames, data: classifier.extractor.features(window, mirror: false))
        let networkOnly = (0..<runs).map { _ in milliseconds { _ = classifier.probabilities(single) } }
        return (whole, networkOnly)
    }

    /// Milliseconds of `steps` training steps of a `batch` (the first two, warm-up, dropped).
    static func trainingStep(classifier: PunchClassifier, steps: Int, batch: Int, replicas: Int) -> [Double] {
        let channels = classifier.header.features.channels, frames = classifier.window.frames
        // The training step runs on a copy of the architecture: timing it must not change the model.
        let network = Network(specs: classifier.network.specs, seed: 2)
        let parallel = DataParallel(network: network, replicas: replicas)
        var rng = SeededRandom(seed: 1)
        let features = (0..<batch).map { _ in (0..<(channels * frames)).map { _ in Float(rng.gaussian()) } }
        let targets = (0..<batch).map { $0 % classifier.classes.count }
        var optimiser = AdamW()
        let loss = SoftmaxCrossEntropy(labelSmoothing: 0.05)
        let train = (0..<steps).map { _ in
            milliseconds {
                _ = parallel.step(batch, master: network, optimiser: &optimiser, learningRate: 1e-3) { replica, range -> Void in
                    guard !range.isEmpty else { return }
                    let logits = replica.forward(Tensor.batch(of: range.map { features[$0] }, channels: channels, time: frames), training: true)
                    replica.backward(loss(logits, targets: range.map { targets[$0] }).gradient)
                }
            }
        }
        return Array(train.dropFirst(2))
    }
}
