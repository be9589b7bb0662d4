import Foundation
import PunchKit

/// Networks of one lineage averaged weight by weight into one network: a model soup (Wortsman et al., "Model soups",
/// ICML 2022) or, with the base among them, WiSE-FT (Wortsman et al., "Robust fine-tuning of zero-shot models",
/// CVPR 2022), which keeps more of the base's robustness under a shift of data than the tuned model alone.
/// Averaging weights only means something for networks that started from one trained network (`train --from`):
/// two networks trained apart put their features in different units, and their average is noise. So every
/// model must share an ancestor (a model's own training or one in its `base` chain), its shape, classes,
/// window and feature standardisation. The result costs one forward pass, unlike an ensemble.
public enum WeightAverage {
    /// Why models cannot be averaged; `model` is the index of the one at fault.
    public struct Refusal: Error, Equatable, CustomStringConvertible {
        public let model: Int?
        public let reason: String
        public var description: String { reason }
    }

    /// The weighted average of `models` (weights positive, summing to 1 within 0.001, as 0.333,0.333,0.333 does;
    /// they are scaled to sum to 1 exactly). Its header is the first model's with a
    /// training record that names every model averaged (`base`), their weights (`averagingWeights`), and the union
    /// of their data and people, so the file still says everything it has seen.
    public static func average(_ models: [PunchClassifier], weights: [Double], at date: Date = Date()) throws -> PunchClassifier {
        try check(models, weights: weights)
        let total = weights.reduce(0, +), weights = weights.map { $0 / total }
        let first = models[0]
        var sum = [Double](repeating: 0, count: first.network.parameterCount)
        for (model, w) in zip(models, weights) {
            for (i, v) in model.network.flatParameters.enumerated() { sum[i] += w * Double(v) }
        }
        let network = Network(specs: first.network.specs, seed: 0)
        network.load(flatParameters: sum.map { Float($0) })
        var header = first.header
        header.training = record(models.map(\.header.training), weights: weights, at: date)
        return PunchClassifier(header: header, network: network)
    }

    /// Refuses what cannot be averaged, naming the first model at fault.
    static func check(_ models: [PunchClassifier], weights: [Double]) throws {
        guard models.count >= 2 else { throw Refusal(model: nil, reason: "give two models or more to average") }
        guard weights.count == models.count else {
            throw Refusal(model: nil, reason: "\(weights.count) weights for \(models.count) models; give one weight a model")
        }
        guard weights.allSatisfy({ $0 > 0 && $0.isFinite }), abs(weights.reduce(0, +) - 1) < 1e-3 else {
            throw Refusal(model: nil, reason: "the weights must be positive and sum to 1 (they sum to \(weights.reduce(0, +)))")
        }
        let first = models[0].header
        for (i, model) in models.enumerated() {
            let h = model.header
            guard (h.members ?? 1) == 1 else {
                throw Refusal(model: i, reason: "an ensemble of \(h.members ?? 1) networks; average single networks")
            }
            guard i > 0 else { continue }
            guard h.layers == first.layers, h.window == first.window else {
                throw Refusal(model: i, reason: "another network shape or window than the first model's")
            }
            guard h.classes == first.classes, h.background == first.background, h.layout == first.layout else {
                throw Refusal(model: i, reason: "other classes (\(h.classes.joined(separator: ", "))) than the first model's")
            }
            guard h.features == first.features else {
                throw Refusal(model: i, reason: "another feature standardisation than the first model's: not tuned from one model")
            }
        }
        let lineages = models.map { Set(lineage($0.header.training).map(Key.init)) }
        var shared = lineages[0]
        for (i, l) in lineages.enumerated().dropFirst() {
            shared.formIntersection(l)
            guard !shared.isEmpty else {
                throw Refusal(model: i, reason: "no trained model is an ancestor of all of them: networks trained apart do not average (tune them with `train --from` one model)")
            }
        }
    }

    /// The people every averaged model held out for validation and none trained on: whom the average can be
    /// scored on as on people it never learnt from (the weights were still chosen on them, as a training's are).
    public static func heldOutByAll(_ trainings: [ModelHeader.TrainingInfo]) -> Set<String> {
        guard let first = trainings.first else { return [] }
        let trained = Set(trainings.flatMap(\.subjects))
        return trainings.dropFirst().reduce(Set(first.validationSubjects)) { $0.intersection($1.validationSubjects) }
            .subtracting(trained)
    }

    /// A training and every training it started from, nearest first.
    static func lineage(_ t: ModelHeader.TrainingInfo) -> [ModelHeader.TrainingInfo] {
        [t] + (t.base ?? []).flatMap(lineage)
    }

    /// What identifies one training run: its data, seed and the moment it ended.
    private struct Key: Hashable {
        let dataHash: String, seed: UInt64, trainedAt: String
        init(_ t: ModelHeader.TrainingInfo) { (dataHash, seed, trainedAt) = (t.dataHash, t.seed, t.trainedAt) }
    }

    private static func record(_ trainings: [ModelHeader.TrainingInfo], weights: [Double], at date: Date) -> ModelHeader.TrainingInfo {
        func union(_ lists: [[String]]) -> [String] {
            var seen = Set<String>()
            return lists.joined().filter { seen.insert($0).inserted }
        }
        var info = ModelHeader.TrainingInfo(
            dataHash: SHA256.hash(Array(trainings.map(\.dataHash).joined(separator: "\n").utf8)),
            data: union(trainings.map(\.data)), subjects: union(trainings.map(\.subjects)),
            validationSubjects: union(trainings.map(\.validationSubjects)), seed: 0, epochs: 0, bestEpoch: 0,
            trainedAt: ISO8601DateFormatter().string(from: date), base: trainings,
            excludedSubjects: leftOutByAll(trainings))
        info.averagingWeights = weights
        return info
    }

    /// The people every averaged model left out of training (nil when one of them left out nobody).
    private static func leftOutByAll(_ trainings: [ModelHeader.TrainingInfo]) -> [String]? {
        guard let first = trainings[0].excludedSubjects else { return nil }
        let lists = trainings.map { Set($0.excludedSubjects ?? []) }
        let common = first.filter { name in lists.allSatisfy { $0.contains(name) } }
        return common.isEmpty ? nil : common
    }
}
