import Foundation
import Testing
import PunchKit
@testable import PunchModel

/// The loss that asks for the same reading of two views of a window (`ViewConsistency`), and the batch
/// plumbing that keeps a window's two views together.
@Suite struct ViewConsistencyTests {
    @Test func gradientMatchesCentralDifferences() {
        var check = GradientCheck()
        let logits = check.randomTensor(7, 6, 1)   // three pairs
        let weights: [Float] = [1, 0.5, 2]
        let consistency = ViewConsistency(weight: 3)
        let (_, g) = consistency(logits, pairWeights: weights, total: 5)
        var xp = logits
        let eps: Float = 1e-2
        for i in 0..<logits.count {
            let v = logits.data[i]
            xp.data[i] = v + eps; let lp = Double(consistency(xp, pairWeights: weights, total: 5).loss)
            xp.data[i] = v - eps; let lm = Double(consistency(xp, pairWeights: weights, total: 5).loss)
            xp.data[i] = v
            let numeric = (lp - lm) / Double(2 * eps)
            #expect(abs(numeric - Double(g.data[i])) < 2e-3, "logit \(i)")
        }
    }

    @Test func viewsReadAlikeCostNothingAndViewsApartCostUpToLog2() {
        var same = Tensor(channels: 3, batch: 2, time: 1)
        for k in 0..<3 { same.data[k * 2] = Float(k); same.data[k * 2 + 1] = Float(k) }
        let (zero, g) = ViewConsistency(weight: 1)(same, pairWeights: [1])
        #expect(zero == 0)
        #expect(g.data.allSatisfy { $0 == 0 })
        // Two views sure of different classes: the divergence nears log 2, its most.
        var apart = Tensor(channels: 3, batch: 2, time: 1)
        apart.data[0 * 2] = 30; apart.data[1 * 2 + 1] = 30
        let (most, _) = ViewConsistency(weight: 2)(apart, pairWeights: [1])
        #expect(abs(most - 2 * log(2)) < 1e-4)
    }

    /// A view held as its pair's teacher (the one with depth) gets no gradient; the other view's is as without.
    @Test func aHeldViewIsNotMoved() {
        var check = GradientCheck()
        let logits = check.randomTensor(7, 4, 1)
        let consistency = ViewConsistency(weight: 3)
        let (free, g) = consistency(logits, pairWeights: [1, 2])
        let (loss, h) = consistency(logits, pairWeights: [1, 2], held: [true, false, false, false])
        #expect(loss == free)
        for k in 0..<7 {
            #expect(h.data[k * 4] == 0)
            for b in 1..<4 { #expect(h.data[k * 4 + b] == g.data[k * 4 + b]) }
        }
        #expect((0..<7).contains { g.data[$0 * 4] != 0 })
    }

    @Test func aWindowsTwoViewsStayOnOneReplica() {
        let parallel = DataParallel(network: Network(specs: Architecture.tiny.layers(channels: 4, frames: 8, classes: 3), seed: 1), replicas: 2)
        for count in [2, 6, 10, 62, 64] {
            let parts = parallel.split(count, unit: 2)
            #expect(parts.map(\.count).reduce(0, +) == count)
            #expect(parts.allSatisfy { $0.lowerBound % 2 == 0 && $0.count % 2 == 0 }, "\(count): \(parts)")
        }
        #expect(parallel.split(6) == [0..<3, 3..<6])   // without pairs, as before
        let samples = (0..<5).map { WindowSample(clip: $0, target: 10 * $0) }
        #expect(Trainer.paired(samples).map(\.clip) == [0, 0, 2, 2, 4, 4])
    }

    /// Two views given one timing stream have one speed (`viewsShareTiming`), whatever their own streams draw;
    /// another timing stream, another speed; and the other augmentations still come from each view's own stream.
    @Test func viewsGivenOneTimingHaveOneSpeed() {
        let clips = TrainingSet.prepare(TinyData.clips(subjects: 1...1), classes: ["left", "right", "stance"], background: ["stance"])
        let sampler = WindowSampler(clips: clips, background: [2], lookahead: 4, frames: 120)
        let sample = WindowSample(clip: 0, target: sampler.clips[0].frameCount / 2)
        func view(_ a: Augmentation, timing: UInt64, own: UInt64) -> [Float] {
            var rng = SeededRandom(seed: own)
            return sampler.features(sample, extractor: FeatureExtractor(), augmentation: a, timing: SeededRandom(seed: timing), rng: &rng)
        }
        var warp = Augmentation.none
        warp.timeWarp = 0.5...1.5
        #expect(view(warp, timing: 1, own: 2) == view(warp, timing: 1, own: 3))
        #expect(view(warp, timing: 1, own: 2) != view(warp, timing: 4, own: 2))
        var warpAndJitter = warp
        warpAndJitter.jitter = 0.02
        #expect(view(warpAndJitter, timing: 1, own: 2) != view(warpAndJitter, timing: 1, own: 3))
    }
}
