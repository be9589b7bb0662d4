import Foundation
import PunchKit

/// Fits a `PunchClassifier` on prepared recordings: mini-batches of augmented windows, AdamW with
/// warm-up and cosine decay, class-balanced loss, early stopping on a subject-disjoint validation split;
/// the weights averaged over the last epochs' steps (`weightAveraging`), or else the epoch of lowest
/// validation loss, kept. The same seed gives the same model (every random draw comes from seeded streams
/// derived per epoch and per sample, and the replicas' gradients are summed in a fixed order, so running
/// on two cores does not change the result).
public final class Trainer {
    public let classifier: PunchClassifier
    public let configuration: TrainingConfiguration
    /// Trained classifiers of the same classes and window whose mean probabilities on each augmented
    /// training window join its target (`TrainingConfiguration.distillation`): one network learns what
    /// an ensemble of them knows. An ensemble of networks trained from other seeds holds up better on
    /// data unlike its training data than any one of them (Lakshminarayanan et al. 2017; Ovadia et al.,
    /// "Can you trust your model's uncertainty? … under dataset shift", 2019) — real people, for
    /// networks trained on the synthetic boxer — but costs a forward pass each; the student costs one.
    public let teachers: [PunchClassifier]

    public struct Outcome: Sendable {
        public var history: [EpochStats]
        public var bestEpoch: Int
        public var stoppedEarly: Bool
        /// The epochs whose every step went into the averaged weights (`weightAveraging`), when it was on.
        public var averagedEpochs: ClosedRange<Int>?
        /// Frame-level confusion on the validation windows with the best weights.
        public var validationConfusion: ConfusionMatrix?
    }

    public init(classifier: PunchClassifier, configuration: TrainingConfiguration, teachers: [PunchClassifier] = []) {
        precondition(teachers.allSatisfy { $0.classes == classifier.classes && $0.window == classifier.window },
                     "teachers must have the student's classes and window")
        self.classifier = classifier
        self.configuration = configuration
        self.teachers = teachers
    }

    var backgroundIndices: Set<Int> {
        Set(classifier.backgroundClassIndices)
    }

    /// `rehearsal`: clips of what the model learnt before (fine-tuning), of which `rehearsalShare` of every
    /// epoch's windows are drawn; they are never held out.
    public func train(_ train: [PreparedClip], validation: [PreparedClip], rehearsal: [PreparedClip] = [],
                      progress: (TrainingProgress) -> Void = { _ in }) -> Outcome {
        let cfg = configuration
        let K = classifier.classes.count
        let frames = classifier.window.frames
        let extractor = classifier.extractor
        let trainSampler = WindowSampler(clips: train, rehearsal: rehearsal, background: backgroundIndices, lookahead: cfg.lookahead, frames: frames)
        let validationSampler = WindowSampler(clips: validation, background: backgroundIndices, lookahead: cfg.lookahead, frames: frames)
        var rng = SeededRandom(seed: cfg.seed)
        let parallel = DataParallel(network: classifier.network, replicas: 2)
        // Each replica's own copies of the teachers (a network keeps its activations while it runs).
        let teacherCopies = parallel.replicas.map { _ in teachers.map { $0.network.copy() } }

        func drawEpoch(_ rng: inout SeededRandom) -> [WindowSample] {
            trainSampler.epoch(perThreeSeconds: cfg.samplesPerClip, rehearsalShare: cfg.rehearsalShare,
                               atLeast: cfg.minimumEpochWindows ?? 0, rng: &rng)
        }

        // Standardisation from augmented training windows (kept as it is when fine-tuning).
        let statsSamples = Array(drawEpoch(&rng).prefix(3000))
        if !cfg.keepStandardisation {
            progress(.standardising(windows: statsSamples.count))
            let statsRng = rng
            let statsFeatures = concurrentMap(Array(statsSamples.enumerated())) { i, s in
                var r = statsRng.derived(UInt64(i))
                return trainSampler.features(s, extractor: extractor, augmentation: cfg.augmentation, rng: &r)
            }
            let (mean, std) = Self.channelStatistics(statsFeatures, channels: FeatureExtractor.channelCount, frames: frames)
            classifier.setStandardisation(mean: mean, std: std)
        }

        let validationSamples = validationSampler.grid(stride: 4)
        // Every other validation window without its 3D block, so that the best epoch is chosen for
        // 2D keypoints as much as for 3D input.
        let validationFeatures = concurrentMap(Array(validationSamples.enumerated())) { i, s -> [Float] in
            var r = SeededRandom(seed: 0)
            return standardised(validationSampler.features(s, extractor: extractor, augmentation: nil, dropDepth: i % 2 == 1, rng: &r))
        }
        let validationLabels = validationSamples.map(validationSampler.label)

        let loss = SoftmaxCrossEntropy(labelSmoothing: cfg.labelSmoothing)
        let consistency = cfg.viewConsistency > 0 ? ViewConsistency(weight: cfg.viewConsistency) : nil
        var optimiser = AdamW(weightDecay: cfg.weightDecay)
        let firstEpoch = drawEpoch(&rng)
        let batchesPerEpoch = max(1, (firstEpoch.count + cfg.batch - 1) / cfg.batch)
        let schedule = LearningRateSchedule(peak: cfg.learningRate, warmupSteps: batchesPerEpoch, totalSteps: batchesPerEpoch * cfg.epochs)
        var history: [EpochStats] = []
        var best: (f1: Double, loss: Double, epoch: Int, weights: [Float])? = nil
        var step = 0
        var stoppedEarly = false
        // Running sum of the weights after every step from `firstAveraged` on (`weightAveraging`).
        let firstAveraged = cfg.weightAveraging > 0
            ? max(1, cfg.epochs - Int((Double(cfg.epochs) * cfg.weightAveraging).rounded()) + 1) : Int.max
        var weightSum: [Double] = []
        var averagedSteps = 0

        for epoch in 1...max(cfg.epochs, 1) {
            let started = Date()
            var samples = epoch == 1 ? firstEpoch : drawEpoch(&rng)
            if consistency != nil { samples = Self.paired(samples) }
            let weights = Self.classWeights(samples.map(trainSampler.label), classes: K, exponent: cfg.classBalance)
            let epochRng = rng.derived(UInt64(epoch))
            _ = rng.next()
            var lossSum = 0.0, correct = 0, seen = 0
            let batches = stride(from: 0, to: samples.count, by: cfg.batch).map { Array(samples[$0..<min($0 + cfg.batch, samples.count)]) }
            for (b, batch) in batches.enumerated() {
                let targets = batch.map(trainSampler.label)
                let sampleWeights = targets.map { weights[$0] }
                let totalWeight = sampleWeights.reduce(0, +)
                // Each core cuts, augments and featurises its half of the batch and back-propagates it
                // through its own replica of the network (OpenBLAS on one thread each).
                let results = parallel.step(batch.count, partsOf: consistency == nil ? 1 : 2, master: classifier.network, optimiser: &optimiser,
                                            learningRate: schedule.rate(at: step)) { replica, range -> ReplicaResult in
                    guard !range.isEmpty else { return ReplicaResult(loss: 0, correct: 0) }
                    let raw = range.map { i -> [Float] in
                        var g = epochRng.derived(UInt64(b * cfg.batch + i))
                        // A pair's shared timing: a stream of its own, drawn from the pair's first view's index.
                        let timing = cfg.viewsShareTiming
                            ? epochRng.derived(UInt64(b * cfg.batch + (i & ~1))).derived(Self.sharedTimingStream) : nil
                        return trainSampler.features(batch[i], extractor: extractor, augmentation: cfg.augmentation, timing: timing, rng: &g)
                    }
                    let features = raw.map { self.standardised($0) }
                    let logits = replica.forward(Tensor.batch(of: features, channels: FeatureExtractor.channelCount, time: frames), training: true)
                    let part = Array(range)
                    let copies = teacherCopies[parallel.replicas.firstIndex { $0 === replica }!]
                    let soft = self.teachers.isEmpty ? nil : self.teacherProbabilities(raw, copies: copies)
                    var (l, g) = loss(logits, targets: part.map { targets[$0] }, weights: part.map { sampleWeights[$0] }, total: totalWeight,
                                      soft: soft, softWeight: cfg.distillation)
                    if let consistency {
                        // The part starts on a pair (`partsOf: 2`); a pair's weight is its window's, once.
                        let pairWeights = stride(from: range.lowerBound, to: range.upperBound, by: 2).map { sampleWeights[$0] }
                        var held: [Bool]? = nil
                        if cfg.depthTeaches2D {
                            let depth = raw.map { FeatureExtractor.hasDepth($0, frames: frames) }
                            held = depth.indices.map { depth[$0] && !depth[$0 ^ 1] }   // $0 ^ 1: the pair's other view
                        }
                        let (lc, gc) = consistency(logits, pairWeights: pairWeights, total: totalWeight / 2, held: held)
                        l += lc
                        for i in g.data.indices { g.data[i] += gc.data[i] }
                    }
                    replica.backward(g)
                    let correct = softmax(logits).enumerated().filter { argmax($0.element) == targets[part[$0.offset]] }.count
                    return ReplicaResult(loss: Double(l), correct: correct)
                }
                step += 1
                if epoch >= firstAveraged {
                    let w = classifier.network.flatParameters
                    if weightSum.isEmpty { weightSum = [Double](repeating: 0, count: w.count) }
                    for i in w.indices { weightSum[i] += Double(w[i]) }
                    averagedSteps += 1
                }
                lossSum += results.reduce(0) { $0 + $1.loss } * Double(batch.count)
                correct += results.reduce(0) { $0 + $1.correct }
                seen += batch.count
                progress(.batch(epoch: epoch, epochs: cfg.epochs, batch: b + 1, batches: batches.count,
                                loss: lossSum / Double(seen), accuracy: Double(correct) / Double(seen)))
            }
            var stats = EpochStats(epoch: epoch, trainLoss: lossSum / Double(max(seen, 1)), trainAccuracy: Double(correct) / Double(max(seen, 1)),
                                   validationLoss: nil, validationAccuracy: nil, validationMacroF1: nil,
                                   learningRate: Double(schedule.rate(at: max(step - 1, 0))), seconds: 0)
            var improved = false
            if !validationFeatures.isEmpty {
                let (vLoss, confusion) = evaluate(validationFeatures, labels: validationLabels, loss: loss)
                let report = ClassificationReport(confusion)
                stats.validationLoss = vLoss
                stats.validationAccuracy = report.accuracy
                stats.validationMacroF1 = report.macroF1
                // The best epoch has the lowest validation loss: smoother than frame-level F1, whose
                // boundaries (is the hand leaving the guard yet?) make it jump from epoch to epoch.
                if best == nil || vLoss < best!.loss {
                    best = (report.macroF1, vLoss, epoch, classifier.network.flatParameters)
                    improved = true
                }
            } else {
                best = (0, stats.trainLoss, epoch, classifier.network.flatParameters)
                improved = true
            }
            stats.seconds = Date().timeIntervalSince(started)
            history.append(stats)
            progress(.epoch(stats, best: improved))
            if let best, epoch - best.epoch >= cfg.patience {
                stoppedEarly = epoch < cfg.epochs
                break
            }
        }
        var averaged: ClosedRange<Int>? = nil
        if averagedSteps > 0 {
            classifier.network.load(flatParameters: weightSum.map { Float($0 / Double(averagedSteps)) })
            averaged = firstAveraged...history.count
        } else if let best {
            classifier.network.load(flatParameters: best.weights)
        }
        var confusion: ConfusionMatrix? = nil
        if !validationFeatures.isEmpty { confusion = evaluate(validationFeatures, labels: validationLabels, loss: loss).confusion }
        let bestEpoch = averaged?.upperBound ?? best?.epoch ?? 0
        progress(.stopped(early: stoppedEarly, bestEpoch: bestEpoch))
        return Outcome(history: history, bestEpoch: bestEpoch, stoppedEarly: stoppedEarly, averagedEpochs: averaged,
                       validationConfusion: confusion)
    }

    /// The index that derives a pair's shared timing stream from its first view's (`viewsShareTiming`).
    static let sharedTimingStream: UInt64 = 0x7469_6d65   // "time"

    /// Every other sample of an epoch drawn twice, side by side, for two views of each window
    /// (`ViewConsistency`): as many windows to featurise, half of them distinct.
    static func paired(_ samples: [WindowSample]) -> [WindowSample] {
        stride(from: 0, to: samples.count, by: 2).flatMap { [samples[$0], samples[$0]] }
    }

    /// The teachers' mean class probabilities for raw (unstandardised) windows; `copies[i]` runs teacher i.
    private func teacherProbabilities(_ raw: [[Float]], copies: [Network]) -> [[Float]] {
        var sum = [[Float]](repeating: [Float](repeating: 0, count: classifier.classes.count), count: raw.count)
        for (teacher, network) in zip(teachers, copies) {
            let inputs = raw.map { f -> [Float] in
                var x = f
                x.withUnsafeMutableBufferPointer { teacher.standardise($0.baseAddress!) }
                return x
            }
            let p = softmax(network.forward(Tensor.batch(of: inputs, channels: FeatureExtractor.channelCount, time: classifier.window.frames)))
            for b in sum.indices { for k in sum[b].indices { sum[b][k] += p[b][k] / Float(teachers.count) } }
        }
        return sum
    }

    private func standardised(_ f: [Float]) -> [Float] {
        var out = f
        out.withUnsafeMutableBufferPointer { classifier.standardise($0.baseAddress!) }
        return out
    }

    /// Validation windows per forward pass. Kept at 256, as before the passes were spread over both cores: a
    /// window's outputs differ in the last bits with the size of the batch it is read in (OpenBLAS blocks a
    /// product by its shape), so another chunk would change the validation loss and could change the epoch kept.
    static let validationChunk = 256

    /// The validation loss and confusion, the chunks read on both cores (inference touches no layer state)
    /// and summed in their order.
    private func evaluate(_ features: [[Float]], labels: [Int], loss: SoftmaxCrossEntropy) -> (loss: Double, confusion: ConfusionMatrix) {
        let chunks = stride(from: 0, to: features.count, by: Self.validationChunk).map { $0..<min($0 + Self.validationChunk, features.count) }
        let parts = concurrentMap(chunks) { range -> (loss: Double, predicted: [Int]) in
            let logits = classifier.network.forward(Tensor.batch(of: Array(features[range]), channels: FeatureExtractor.channelCount,
                                                                 time: classifier.window.frames))
            return (Double(loss(logits, targets: Array(labels[range])).loss) * Double(range.count), softmax(logits).map(argmax))
        }
        var confusion = ConfusionMatrix(labels: classifier.classes)
        var total = 0.0
        for (range, part) in zip(chunks, parts) {
            total += part.loss
            for (i, p) in part.predicted.enumerated() { confusion.add(truth: labels[range.lowerBound + i], predicted: p) }
        }
        return (total / Double(max(features.count, 1)), confusion)
    }

    /// Inverse-frequency weights raised to `exponent` (1: full balance, 0: none), relative to a uniform
    /// share of the samples, clipped to 0.2…5.
    static func classWeights(_ labels: [Int], classes: Int, exponent: Double = 1) -> [Float] {
        var counts = [Int](repeating: 0, count: classes)
        for l in labels { counts[l] += 1 }
        let present = counts.filter { $0 > 0 }.count
        return counts.map { c in
            c == 0 ? 1 : Float(min(max(pow(Double(labels.count) / Double(present * c), exponent), 0.2), 5))
        }
    }

    /// Per-channel mean and standard deviation over all samples and frames (std floored at 0.01); the 3D
    /// block's only over the windows that have depth (its zeros elsewhere are a missing modality, not values).
    static func channelStatistics(_ samples: [[Float]], channels: Int, frames: Int) -> ([Float], [Float]) {
        var mean = [Float](repeating: 0, count: channels), std = [Float](repeating: 1, count: channels)
        guard !samples.isEmpty else { return (mean, std) }
        let withDepth = samples.filter { FeatureExtractor.hasDepth($0, frames: frames) }
        for c in 0..<channels {
            let pool = FeatureExtractor.Channel.body.contains(c) && !withDepth.isEmpty ? withDepth : samples
            var s = 0.0, s2 = 0.0
            for f in pool { for t in 0..<frames { let v = Double(f[c * frames + t]); s += v; s2 += v * v } }
            let n = Double(pool.count * frames)
            let m = s / n
            mean[c] = Float(m)
            std[c] = Float(max((max(s2 / n - m * m, 0)).squareRoot(), 0.01))
        }
        return (mean, std)
    }
}

@inline(__always) func argmax(_ p: [Float]) -> Int {
    var best = 0
    for i in 1..<p.count where p[i] > p[best] { best = i }
    return best
}
