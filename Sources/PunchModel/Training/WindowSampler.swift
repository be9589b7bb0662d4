import PunchKit

/// One training example: the frame `target` of clip `clip`.
public struct WindowSample: Sendable, Equatable {
    public var clip: Int
    public var target: Int
}

/// Draws the training windows of an epoch and builds their features.
public struct WindowSampler: Sendable {
    public let clips: [PreparedClip]
    public let background: Set<Int>
    public let lookahead: Int
    public let frames: Int
    private let torso: [Double]
    private let imageTorso: [Double]

    public init(clips: [PreparedClip], background: Set<Int>, lookahead: Int, frames: Int) {
        self.clips = clips
        self.background = background
        self.lookahead = lookahead
        self.frames = frames
        torso = clips.map(\.sequence.torsoLength)
        imageTorso = clips.map(\.sequence.imageTorsoLength)
    }

    /// Targets whose window ends inside the clip and whose label is known.
    func candidates(_ c: Int) -> (all: [Int], events: [Int]) {
        let labels = clips[c].labels
        let last = clips[c].frameCount - 1 - lookahead
        guard last >= 0 else { return ([], []) }
        let all = (0...last).filter { labels[$0] >= 0 }
        return (all, all.filter { !background.contains(labels[$0]) })
    }

    /// An epoch's samples: per clip `perThreeSeconds` × (duration / 3 s), half inside punches when the
    /// clip has any, shuffled.
    public func epoch(perThreeSeconds: Int, rng: inout SeededRandom) -> [WindowSample] {
        var out: [WindowSample] = []
        for c in clips.indices {
            let (all, events) = candidates(c)
            guard !all.isEmpty else { continue }
            let n = max(1, Int((Double(perThreeSeconds) * clips[c].sequence.duration / 3).rounded()))
            for k in 0..<n {
                let pool = (!events.isEmpty && k % 2 == 0) ? events : all
                out.append(WindowSample(clip: c, target: pool[Int(rng.unit() * Double(pool.count))]))
            }
        }
        out.shuffle(using: &rng)
        return out
    }

    /// Every `stride`-th labelled target of every clip (validation and evaluation, no randomness).
    public func grid(stride: Int) -> [WindowSample] {
        clips.indices.flatMap { c -> [WindowSample] in
            let all = candidates(c).all
            return Swift.stride(from: 0, to: all.count, by: stride).map { WindowSample(clip: c, target: all[$0]) }
        }
    }

    public func label(_ s: WindowSample) -> Int { clips[s.clip].labels[s.target] }

    /// Raw features of a sample (not standardised), augmented when `augmentation` is given (which also
    /// drops the 3D block at its `depthDropout` rate); `dropDepth` drops it for sure.
    public func features(_ s: WindowSample, extractor: FeatureExtractor, augmentation: Augmentation?, dropDepth: Bool = false,
                         rng: inout SeededRandom) -> [Float] {
        let clip = clips[s.clip]
        var speed = 1.0
        if let a = augmentation { speed = rng.uniform(a.timeWarp.lowerBound, a.timeWarp.upperBound) }
        let end = min(s.target + Int((Double(lookahead) * speed).rounded()), clip.frameCount - 1)
        var window = AugmentedWindow(clip.sequence, end: end, frames: frames, speed: speed)
        if let a = augmentation { window.augment(a, torso: torso[s.clip], imageTorso: imageTorso[s.clip], rng: &rng) }
        if dropDepth { window.hasDepth = false }
        return extractor.features(window, mirror: clip.stance.mirrors)
    }
}
