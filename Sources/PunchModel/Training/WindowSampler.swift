import PunchKit

/// One training example: the frame `target` of clip `clip`.
public struct WindowSample: Sendable, Equatable {
    public var clip: Int
    public var target: Int
}

/// Draws the training windows of an epoch and builds their features.
public struct WindowSampler: Sendable {
    public let clips: [PreparedClip]
    /// Clips from this index on are rehearsal (`rehearsalDraws`): never drawn clip by clip in an epoch.
    public let rehearsalStart: Int
    public let background: Set<Int>
    public let lookahead: Int
    public let frames: Int
    private let torso: [Double]
    private let imageTorso: [Double]

    public init(clips: [PreparedClip], rehearsal: [PreparedClip] = [], background: Set<Int>, lookahead: Int, frames: Int) {
        self.clips = clips + rehearsal
        rehearsalStart = clips.count
        self.background = background
        self.lookahead = lookahead
        self.frames = frames
        torso = self.clips.map(\.sequence.torsoLength)
        imageTorso = self.clips.map(\.sequence.imageTorsoLength)
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
    /// With rehearsal clips, `rehearsalShare` of the epoch's samples are drawn from them (`rehearsalDraws`)
    /// and the rest as before; without, the draws are exactly those of a sampler that has none.
    /// `atLeast`: when the epoch would hold fewer windows, rehearsal included, each clip's count is multiplied by the
    /// smallest whole number that reaches it (a person's few clips tuned on: `TrainingConfiguration.minimumEpochWindows`);
    /// an epoch that already holds as many is drawn exactly as without it.
    public func epoch(perThreeSeconds: Int, rehearsalShare: Double = 0, atLeast minimum: Int = 0, rng: inout SeededRandom) -> [WindowSample] {
        let pools = (0..<rehearsalStart).map(candidates)
        let perClip = pools.indices.map { c in
            pools[c].all.isEmpty ? 0 : max(1, Int((Double(perThreeSeconds) * clips[c].sequence.duration / 3).rounded()))
        }
        let rehearsing = rehearsalStart < clips.count && rehearsalShare > 0
        func rehearsalCount(_ own: Int) -> Int { rehearsing ? Int((Double(own) * rehearsalShare / (1 - rehearsalShare)).rounded()) : 0 }
        let own = perClip.reduce(0, +)
        let total = own + rehearsalCount(own)
        let times = total > 0 && total < minimum ? (minimum + total - 1) / total : 1
        var out: [WindowSample] = []
        for c in pools.indices where perClip[c] > 0 {
            let (all, events) = pools[c]
            let n = perClip[c] * times
            for k in 0..<n {
                out.append(WindowSample(clip: c, target: draw(from: (!events.isEmpty && k % 2 == 0) ? events : all, rng: &rng)))
            }
        }
        if rehearsing { out += rehearsalDraws(rehearsalCount(out.count), rng: &rng) }
        out.shuffle(using: &rng)
        return out
    }

    /// `count` samples of the rehearsal clips: each from a clip picked at random, half of them inside
    /// punches (where the clip has any), so that a few clips of one person are learnt without the rest
    /// of what the model knew being forgotten (rehearsal: Robins, "Catastrophic forgetting, rehearsal and
    /// pseudorehearsal", 1995; experience replay, Rolnick et al. 2019).
    func rehearsalDraws(_ count: Int, rng: inout SeededRandom) -> [WindowSample] {
        let usable = (rehearsalStart..<clips.count).map { (clip: $0, targets: candidates($0)) }.filter { !$0.targets.all.isEmpty }
        guard !usable.isEmpty else { return [] }
        return (0..<count).map { k in
            let (c, (all, events)) = usable[Int(rng.unit() * Double(usable.count))]
            return WindowSample(clip: c, target: draw(from: (!events.isEmpty && k % 2 == 0) ? events : all, rng: &rng))
        }
    }

    private func draw(from pool: [Int], rng: inout SeededRandom) -> Int { pool[Int(rng.unit() * Double(pool.count))] }

    /// Every `stride`-th labelled target of every clip (validation and evaluation, no randomness).
    public func grid(stride: Int) -> [WindowSample] {
        clips.indices.flatMap { c -> [WindowSample] in
            let all = candidates(c).all
            return Swift.stride(from: 0, to: all.count, by: stride).map { WindowSample(clip: c, target: all[$0]) }
        }
    }

    /// The source frames of a short clip cut around a sample (`Augmentation.clipCut`), at 60 fps. Around
    /// a punch: from up to 0.3 s before its first frame (or 0.1 s into it) to anywhere from its middle to
    /// 0.25 s after its last frame, as real sets cut the annotated punch. Around stance or idle: 0.2–1.5 s
    /// before the sample to up to 0.5 s after it. The sample itself is always inside.
    func clipCut(around s: WindowSample, rng: inout SeededRandom) -> ClosedRange<Double> {
        let labels = clips[s.clip].labels, t = s.target
        let second = 60.0
        var start: Double, end: Double
        if background.contains(labels[t]) {
            start = Double(t) - rng.uniform(0.2, 1.5) * second
            end = Double(t) + rng.uniform(0, 0.5) * second
        } else {
            func inPunch(_ f: Int) -> Bool { labels[f] >= 0 && !background.contains(labels[f]) }
            var a = t, b = t
            while a > 0, inPunch(a - 1) { a -= 1 }
            while b < labels.count - 1, inPunch(b + 1) { b += 1 }
            start = Double(a) + rng.uniform(-0.3, 0.1) * second
            end = Double(a) + Double(b - a) * rng.uniform(0.5, 1) + rng.uniform(0, 0.25) * second
        }
        return min(start, Double(t))...max(end, Double(t))
    }

    public func label(_ s: WindowSample) -> Int { clips[s.clip].labels[s.target] }

    /// Raw features of a sample (not standardised), augmented when `augmentation` is given (which also
    /// drops the 3D block at its `depthDropout` rate); `dropDepth` drops it for sure.
    /// `timing`, when given, draws the window's speed and cut in place of `rng` (the two views of a window share
    /// them, `TrainingConfiguration.viewsShareTiming`); without it `rng` draws everything, in the same order as ever.
    public func features(_ s: WindowSample, extractor: FeatureExtractor, augmentation: Augmentation?, dropDepth: Bool = false,
                         timing: SeededRandom? = nil, rng: inout SeededRandom) -> [Float] {
        let clip = clips[s.clip]
        var timingRng = timing ?? rng
        var speed = 1.0
        if let a = augmentation { speed = timingRng.uniform(a.timeWarp.lowerBound, a.timeWarp.upperBound) }
        let end = min(s.target + Int((Double(lookahead) * speed).rounded()), clip.frameCount - 1)
        var window = AugmentedWindow(clip.sequence, end: end, frames: frames, speed: speed)
        if let a = augmentation {
            let cut = timingRng.chance(a.clipCut) ? clipCut(around: s, rng: &timingRng) : nil
            if timing == nil { rng = timingRng }
            window.augment(a, torso: torso[s.clip], imageTorso: imageTorso[s.clip], rng: &rng)
            if let cut { window.hold(outside: cut, end: end, speed: speed) }
        }
        if dropDepth { window.hasDepth = false }
        var mirror = clip.stance.mirrors
        if mirror, !window.hasDepth, let a = augmentation, a.stanceUnknown2D > 0, rng.chance(a.stanceUnknown2D) { mirror = false }
        return extractor.features(window, mirror: mirror)
    }
}
