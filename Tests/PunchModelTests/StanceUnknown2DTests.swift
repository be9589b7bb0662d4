import Testing
import PunchKit
@testable import PunchModel

/// Training windows read as 2D input is read, the stance unknown (`Augmentation.stanceUnknown2D`).
@Suite struct StanceUnknown2DTests {
    let extractor = FeatureExtractor()

    /// A southpaw's clip, 3D (TinyData's synthetic boxer has world coordinates).
    func southpaw() -> WindowSampler {
        var clips = TrainingSet.prepare(TinyData.clips(subjects: 1...1), classes: ["left", "right", "stance"], background: ["stance"])
        for i in clips.indices { clips[i].stance = .southpaw }
        return WindowSampler(clips: clips, background: [2], lookahead: 4, frames: 120)
    }

    func features(_ sampler: WindowSampler, depthDropout: Double, stanceUnknown: Double) -> [Float] {
        var a = Augmentation.none
        a.depthDropout = depthDropout
        a.stanceUnknown2D = stanceUnknown
        var rng = SeededRandom(seed: 4)
        let sample = WindowSample(clip: 0, target: sampler.clips[0].frameCount - 10)
        return sampler.features(sample, extractor: extractor, augmentation: a, rng: &rng)
    }

    /// A window without its 3D block comes unmirrored, as a southpaw's 2D keypoints reach the network, whose
    /// stance nothing tells; with its 3D block (which tells the stance) it is mirrored as before; and with the
    /// option off a 2D window is mirrored by the stance as before.
    @Test func only2DWindowsComeAsTheyAre() {
        let sampler = southpaw()
        let sample = WindowSample(clip: 0, target: sampler.clips[0].frameCount - 10)
        var flat = AugmentedWindow(sampler.clips[0].sequence, end: sample.target + 4, frames: 120)
        flat.hasDepth = false
        let unmirrored = extractor.features(flat, mirror: false), mirrored = extractor.features(flat, mirror: true)
        #expect(unmirrored != mirrored)
        #expect(features(sampler, depthDropout: 1, stanceUnknown: 1) == unmirrored)
        #expect(features(sampler, depthDropout: 1, stanceUnknown: 0) == mirrored)
        var deep = AugmentedWindow(sampler.clips[0].sequence, end: sample.target + 4, frames: 120)
        deep.hasDepth = true
        #expect(features(sampler, depthDropout: 0, stanceUnknown: 1) == extractor.features(deep, mirror: true))
    }
}
