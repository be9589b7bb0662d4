import Foundation
import Testing
import TestSupport
import PunchKit
@testable import PunchModel

/// Networks tuned from one model, averaged weight by weight (`punchcoach average`; model soups, WiSE-FT).
@Suite struct WeightAverageTests {
    /// A base model and `count` descendants: each a copy of the base's network with its own small change, whose
    /// training names the base's as its base (what `train --from` writes).
    func family(_ count: Int) -> (base: PunchClassifier, tuned: [PunchClassifier]) {
        let base = PunchClassifier(classes: ["jab", "hook", "stance"], background: ["stance"], architecture: .tiny, lookahead: 2, seed: 3)
        base.setTrainingInfo(.init(dataHash: "base-data", data: ["synth"], subjects: ["s1", "s2"], validationSubjects: ["s3"],
                                   seed: 3, epochs: 20, bestEpoch: 17, trainedAt: "2026-01-01T00:00:00Z",
                                   excludedSubjects: ["p4", "p5"]))
        let tuned = (1...count).map { k -> PunchClassifier in
            var rng = SeededRandom(seed: UInt64(k))
            let network = base.network.copy()
            network.load(flatParameters: network.flatParameters.map { $0 + 0.01 * Float(rng.gaussian()) })
            let model = PunchClassifier(header: base.header, network: network)
            model.setTrainingInfo(.init(dataHash: "draw-\(k)", data: ["draw \(k)"], subjects: ["s1\(k)"], validationSubjects: ["s2\(k)"],
                                        seed: 1, epochs: 8, bestEpoch: 5, trainedAt: "2026-02-0\(k)T00:00:00Z",
                                        base: [base.header.training], excludedSubjects: ["p4"]))
            return model
        }
        return (base, tuned)
    }

    @Test func theAverageIsTheWeightedMeanOfEveryWeightAndNamesWhatItSaw() throws {
        let (base, tuned) = family(2)
        let models = [base] + tuned
        let weights = [0.5, 0.25, 0.25]
        let averaged = try WeightAverage.average(models, weights: weights)
        let values = models.map(\.network.flatParameters)
        #expect(values[1] != values[0] && values[2] != values[1])
        for (i, v) in averaged.network.flatParameters.enumerated() {
            let expected = 0.5 * Double(values[0][i]) + 0.25 * Double(values[1][i]) + 0.25 * Double(values[2][i])
            #expect(abs(Double(v) - expected) <= 1e-6 * max(1, abs(expected)))
        }
        let t = averaged.header.training
        #expect(t.base == models.map(\.header.training) && t.averagingWeights == weights)
        #expect(t.allSubjects == ["s1", "s2", "s3", "s11", "s21", "s12", "s22"])
        #expect(t.excludedSubjects == ["p4"], "left out by every model averaged: p5 was learnt by none, but p4 by all")
        #expect(averaged.header.features == base.header.features && averaged.header.members == nil)
    }

    @Test func aModelAveragedWithItselfIsItselfAndTheAverageRoundTrips() throws {
        let (_, tuned) = family(1)
        let same = try WeightAverage.average([tuned[0], tuned[0]], weights: [0.5, 0.5])
        #expect(same.network.flatParameters == tuned[0].network.flatParameters)

        let (base, more) = family(2)
        let averaged = try WeightAverage.average([base] + more, weights: [0.5, 0.25, 0.25])
        let scratch = try ScratchDirectory()
        let url = scratch.url.appendingPathComponent("wise.model")
        try ModelFile.write(averaged, to: url)
        let back = try ModelFile.read(url)
        #expect(back.network.flatParameters == averaged.network.flatParameters)
        #expect(back.header.training.averagingWeights == [0.5, 0.25, 0.25] && back.header.training.base?.count == 3)
        let w = try ModelFileTests().someWindow()
        #expect(back.classify(w, mirror: false).probabilities == averaged.classify(w, mirror: false).probabilities)
    }

    @Test func theAverageIsScoredOnPeopleEveryModelHeldOutAndNoneTrainedOn() {
        func training(trained: [String], validated: [String]) -> ModelHeader.TrainingInfo {
            .init(dataHash: "", data: [], subjects: trained, validationSubjects: validated, seed: 1, epochs: 1, bestEpoch: 1, trainedAt: "")
        }
        let trainings = [training(trained: ["x", "c"], validated: ["a", "b", "c"]), training(trained: ["y"], validated: ["b", "c", "d"])]
        #expect(WeightAverage.heldOutByAll(trainings) == ["b"], "a and d validated by one model only; c trained on by the other")
        #expect(WeightAverage.heldOutByAll([]).isEmpty)
    }

    @Test func whatCannotBeAveragedIsRefusedNamingTheModel() throws {
        let (base, tuned) = family(2)
        func refusal(_ models: [PunchClassifier], _ weights: [Double]) -> WeightAverage.Refusal? {
            do { _ = try WeightAverage.average(models, weights: weights); return nil } catch { return error as? WeightAverage.Refusal }
        }
        // Two descendants of one base average without the base itself; so does a grandchild with its grandparent.
        #expect(refusal(tuned, [0.5, 0.5]) == nil)
        let grandchild = PunchClassifier(header: tuned[0].header, network: tuned[0].network.copy())
        grandchild.setTrainingInfo(.init(dataHash: "me", data: ["me"], subjects: ["me"], validationSubjects: [], seed: 1, epochs: 8,
                                         bestEpoch: 8, trainedAt: "2026-03-01T00:00:00Z",
                                         base: [tuned[0].header.training] + (tuned[0].header.training.base ?? [])))
        #expect(refusal([base, grandchild], [0.5, 0.5]) == nil)

        // A network trained apart: another start, another unit for every feature.
        let stranger = PunchClassifier(classes: ["jab", "hook", "stance"], background: ["stance"], architecture: .tiny, lookahead: 2, seed: 9)
        stranger.setTrainingInfo(.init(dataHash: "other", data: ["other"], subjects: ["x"], validationSubjects: [], seed: 9, epochs: 20,
                                       bestEpoch: 20, trainedAt: "2026-01-02T00:00:00Z"))
        #expect(refusal([base, tuned[0], stranger], [0.4, 0.3, 0.3])?.model == 2)
        #expect(refusal([base, tuned[0], stranger], [0.4, 0.3, 0.3])?.reason.contains("ancestor") == true)

        // Another standardisation (not tuned from it), other classes, an ensemble, bad weights.
        let restandardised = PunchClassifier(header: tuned[1].header, network: tuned[1].network.copy())
        restandardised.setStandardisation(mean: base.header.features.mean.map { $0 + 1 }, std: base.header.features.std)
        #expect(refusal([base, restandardised], [0.5, 0.5])?.model == 1)
        let ensemble = PunchClassifier(header: tuned[0].header, networks: [tuned[0].network.copy(), tuned[1].network.copy()])
        #expect(refusal([base, ensemble], [0.5, 0.5])?.reason.contains("ensemble") == true)
        #expect(refusal([base, tuned[0]], [0.6, 0.6])?.reason.contains("sum to 1") == true)
        #expect(refusal([base, tuned[0], tuned[1]], [0.333, 0.333, 0.333]) == nil, "thirds as a person writes them")
        #expect(refusal([base, tuned[0]], [1.5, -0.5])?.model == nil)
        #expect(refusal([base, tuned[0]], [1])?.reason.contains("1 weights for 2 models") == true)
        #expect(refusal([base], [1])?.reason.contains("two models") == true)
    }
}
