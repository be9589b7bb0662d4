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

    /// An epoch short of its floor draws every clip of the person the same whole number of times more, the
    /// rehearsal keeping its share; an epoch that already holds the floor is drawn exactly as without it.
    @Test func aFewClipsAreDrawnUpToTheEpochsFloor() {
        let own = prepared(4...4), old = prepared(1...3)
        let sampler = WindowSampler(clips: own, rehearsal: old, background: [2], lookahead: 4, frames: 120)
        var r1 = SeededRandom(seed: 9), r2 = SeededRandom(seed: 9), r3 = SeededRandom(seed: 9)
        let plain = sampler.epoch(perThreeSeconds: 8, rehearsalShare: 0.5, rng: &r1)
        #expect(sampler.epoch(perThreeSeconds: 8, rehearsalShare: 0.5, atLeast: plain.count, rng: &r2) == plain)
        let floored = sampler.epoch(perThreeSeconds: 8, rehearsalShare: 0.5, atLeast: 1024, rng: &r3)
        #expect(floored.count >= 1024 && floored.count < 1024 + plain.count, "\(floored.count) windows")
        func perClip(_ samples: [WindowSample]) -> [Int] { own.indices.map { c in samples.filter { $0.clip == c }.count } }
        let times = perClip(floored)[0] / perClip(plain)[0]
        #expect(times > 1 && perClip(floored) == perClip(plain).map { $0 * times })
        let rehearsed = floored.filter { $0.clip >= own.count }.count
        #expect(abs(Double(rehearsed) / Double(floored.count) - 0.5) < 0.01)
    }

    /// A person whose guard keeps reaching out with the right hand (which the base reads as a punch), tuned on as
    /// `train --from` tunes: 8 epochs, half the windows rehearsed, at half the rate the tiny network was trained at (a
    /// tenth, `--from`'s ratio, moves it too little either way). With one step an epoch, as four clips gave before the
    /// floor, the network does not move and still reads that guard as a punch; with the floor's 1 024 windows an epoch
    /// it learns the guard and keeps the other people's right punch.
    @Test func theFloorLetsAFewClipsTeachTheModel() {
        let (base, cfg) = trainedOnThreePeople()
        func guardClip(_ i: Int) -> LabelledClip { TinyData.clip("stance", subject: 4, index: i, continuous: true, hand: "right", reach: 0.2) }
        let ownClips = (0..<2).flatMap { i in [TinyData.clip("left", subject: 4, index: i, continuous: true), guardClip(i)] }
        func guardRead(_ model: PunchClassifier) -> Double { Self.recall(model, of: 2, in: [guardClip(2), guardClip(3)]) }
        func tuned(floor: Int?) -> PunchClassifier {
            let model = PunchClassifier(header: base.header, network: base.network.copy())
            var tuning = TrainingConfiguration()
            tuning.lookahead = 4
            tuning.augmentation = .none
            tuning.keepStandardisation = true
            tuning.learningRate = cfg.learningRate / 2
            tuning.epochs = 8
            tuning.minimumEpochWindows = floor
            _ = Trainer(classifier: model, configuration: tuning)
                .train(TrainingSet.prepare(ownClips, classes: classes, background: ["stance"]), validation: [], rehearsal: prepared(1...3))
            return model
        }
        let before = guardRead(base), stepped = tuned(floor: nil), floored = tuned(floor: TrainingConfiguration.fineTuningEpochWindows)
        #expect(before < 0.5, "the base reads the moving guard as stance in \(before)")
        #expect(guardRead(stepped) < 0.5, "eight steps: \(guardRead(stepped))")
        #expect(guardRead(floored) > 0.9, "with the floor: \(guardRead(floored))")
        #expect(rightRecall(floored) > 0.9, "others' right punches with the floor: \(rightRecall(floored))")
    }

    /// A tiny network trained on people 1–3 (left, right and guard), and how it was trained.
    func trainedOnThreePeople() -> (PunchClassifier, TrainingConfiguration) {
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
        return (base, cfg)
    }

    /// Share of the windows of two more people's right punches read as right.
    func rightRecall(_ model: PunchClassifier) -> Double {
        Self.recall(model, of: 1, in: TinyData.clips(subjects: 5...6, continuous: true).filter { $0.label == "right" })
    }

    /// Share of the windows (one every 10 frames) of `clips` a model reads as class `index`.
    static func recall(_ model: PunchClassifier, of index: Int, in clips: [LabelledClip]) -> Double {
        var hits = 0, windows = 0
        for clip in clips {
            let s = clip.sequence.resampled(rate: 60)
            for end in stride(from: 119, to: s.frameCount, by: 10) {
                windows += 1
                if argmax(model.classify(SequenceWindow(s, start: end - 119, length: 120), mirror: false).probabilities) == index { hits += 1 }
            }
        }
        return Double(hits) / Double(windows)
    }

    /// One person's clips: left jabs, and a guard in which the right hand keeps reaching out a little (as
    /// PRECOG's performers move their arms in kicks). Tuned on them at a high rate, a network learns that
    /// a right hand moving is guard and forgets the right punch it learnt from three others; rehearsing
    /// those three keeps it.
    @Test func rehearsalKeepsAClassTheNewClipsLack() {
        let (base, cfg) = trainedOnThreePeople()
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
