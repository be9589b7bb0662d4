import Testing
import PunchKit
@testable import PunchModel

/// Rehearsal while fine-tuning (`Trainer.train(rehearsal:)`, `train --rehearse`).
@Suite struct RehearsalTests {
    let classes = ["left", "right", "stance"]

    func prepared(_ subjects: ClosedRange<Int>) -> [PreparedClip] {
        TrainingSet.prepare(TinyData.clips(subjects: subjects, continuous: true), classes: classes, background: ["stance"])
    }

    /// An epoch draws `share` of its windows from the rehearsal clips and the rest as it would without
    /// them; with no rehearsal clips (or a share of 0) the draws are those of a sampler that has none.
    @Test func anEpochMixesInTheRehearsalShare() {
        let own = prepared(4...4), old = prepared(1...3)
        let plain = WindowSampler(clips: own, background: [2], lookahead: 4, frames: 120)
        let mixed = WindowSampler(clips: own, rehearsal: old, background: [2], lookahead: 4, frames: 120)
        var r1 = SeededRandom(seed: 9), r2 = SeededRandom(seed: 9), r3 = SeededRandom(seed: 9)
        let base = plain.epoch(perThreeSeconds: 8, rng: &r1)
        #expect(mixed.epoch(perThreeSeconds: 8, rehearsalShare: 0, rng: &r2) == base)
        #expect(plain.epoch(perThreeSeconds: 8, rehearsalShare: 0.5, rng: &r3) == base)
        for share in [0.25, 0.5, 0.75] {
            var rng = SeededRandom(seed: 9)
            let samples = mixed.epoch(perThreeSeconds: 8, rehearsalShare: share, rng: &rng)
            let rehearsed = samples.filter { $0.clip >= own.count }
            #expect(samples.count - rehearsed.count == base.count)
            #expect(abs(Double(rehearsed.count) / Double(samples.count) - share) < 0.02, "share \(share): \(rehearsed.count) of \(samples.count)")
            // Rehearsal windows come from every old person, not a few clips.
            #expect(Set(rehearsed.map { mixed.clips[$0.clip].subject }) == ["s1", "s2", "s3"])
        }
    }

    /// One person's clips: left jabs, and a guard in which the right hand keeps reaching out a little (as
    /// PRECOG's performers move their arms in kicks). Tuned on them at a high rate, a network learns that
    /// a right hand moving is guard and forgets the right punch it learnt from three others; rehearsing
    /// those three keeps it.
    @Test func rehearsalKeepsAClassTheNewClipsLack() {
        func rightRecall(_ model: PunchClassifier) -> Double {
            var hits = 0, windows = 0
            for clip in TinyData.clips(subjects: 5...6, continuous: true) where clip.label == "right" {
                let s = clip.sequence.resampled(rate: 60)
                for end in stride(from: 119, to: s.frameCount, by: 10) {
                    windows += 1
                    if argmax(model.classify(SequenceWindow(s, start: end - 119, length: 120), mirror: false).probabilities) == 1 { hits += 1 }
                }
            }
            return Double(hits) / Double(windows)
        }
        var cfg = TrainingConfiguration()
        cfg.lookahead = 4
        cfg.samplesPerClip = 24
        cfg.augmentation = .none
        cfg.labelSmoothing = 0
        cfg.patience = 1000
        cfg.learningRate = 1e-2
        cfg.epochs = 25
        cfg.seed = 3
        let base = PunchClassifier(classes: classes, background: ["stance"], architecture: .tiny, lookahead: 4, seed: 3)
        _ = Trainer(classifier: base, configuration: cfg).train(prepared(1...3), validation: [])
        #expect(rightRecall(base) > 0.9)

        let ownClips = (0..<2).flatMap { i in
            [TinyData.clip("left", subject: 4, index: i, continuous: true),
             TinyData.clip("stance", subject: 4, index: i, continuous: true, hand: "right", reach: 0.2)]
        }
        func tuned(rehearsing: Bool) -> PunchClassifier {
            let model = PunchClassifier(header: base.header, network: base.network.copy())
            var tuning = cfg
            tuning.keepStandardisation = true
            tuning.epochs = 15
            _ = Trainer(classifier: model, configuration: tuning)
                .train(TrainingSet.prepare(ownClips, classes: classes, background: ["stance"]), validation: [],
                       rehearsal: rehearsing ? prepared(1...3) : [])
            return model
        }
        let forgot = rightRecall(tuned(rehearsing: false)), kept = rightRecall(tuned(rehearsing: true))
        #expect(forgot < 0.5, "without rehearsal: right recall \(forgot)")
        #expect(kept > 0.9, "with rehearsal: right recall \(kept)")
    }
}
