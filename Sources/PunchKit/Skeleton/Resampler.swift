/// Resamples a skeleton stream of any frame rate — jittery timestamps and dropped frames included —
/// onto a fixed grid (60 fps by default: times k/60 s), frame by frame.
///
/// Interpolation is cubic Hermite with Catmull-Rom tangents for non-uniform spacing
/// (error O(h⁴) on smooth motion, against O(h²) for linear: a 25 fps jab keeps its peak speed),
/// falling back to linear where a neighbour is missing. Confidence is interpolated linearly.
/// A joint is missing (confidence 0) in an output frame when it is missing in either bracketing
/// input frame, and every joint is missing across a gap between input frames longer than `maxGap`.
///
/// The stream needs one input frame of look-ahead for the tangent: output up to time tᵢ is emitted when
/// frame i+1 arrives; `finish()` flushes the rest. Batch resampling is the same stream fed a whole
/// sequence, so training and live use get identical frames.
public struct StreamResampler: Sendable {
    public let rate: Double
    public let maxGap: Double
    public let jointCount: Int
    /// Up to four most recent input frames (oldest first).
    private var history: [SkeletonFrame] = []
    /// Index on the output grid of the next frame to emit.
    private var nextIndex: Int?

    public init(rate: Double = 60, maxGap: Double = 0.25, jointCount: Int) {
        precondition(rate > 0 && maxGap > 0)
        self.rate = rate
        self.maxGap = maxGap
        self.jointCount = jointCount
    }

    /// Feeds one input frame (time must increase); `emit` receives the output frames now determined.
    public mutating func push(_ frame: SkeletonFrame, emit: (SkeletonFrame) -> Void) {
        precondition(frame.positions.count == jointCount)
        if let last = history.last { precondition(frame.time > last.time, "frame times must increase") }
        if nextIndex == nil { nextIndex = Int((frame.time * rate).rounded(.up)) }
        history.append(frame)
        if history.count > 4 { history.removeFirst() }
        // With frames [.., a, b, c]: the interval [a, b] is now fully determined (c gives b's tangent).
        if history.count >= 3 { emitInterval(upTo: history.count - 2, closed: false, emit: emit) }
    }

    /// Emits what is left at the end of the stream (the last interval, up to the last input time).
    public mutating func finish(emit: (SkeletonFrame) -> Void) {
        guard history.count >= 2 else {
            if history.count == 1, let k = nextIndex, Double(k) / rate <= history[0].time {
                var only = history[0]
                only.time = Double(k) / rate
                emit(only)
                nextIndex = k + 1
            }
            return
        }
        emitInterval(upTo: history.count - 1, closed: true, emit: emit)
    }

    /// Emits grid times in [history[b-1].time, history[b].time) — or up to and including it when `closed`.
    private mutating func emitInterval(upTo b: Int, closed: Bool, emit: (SkeletonFrame) -> Void) {
        let a = b - 1
        let ta = history[a].time, tb = history[b].time
        while let k = nextIndex {
            let t = Double(k) / rate
            if closed ? t > tb : t >= tb { break }
            if t >= ta { emit(interpolate(a: a, b: b, at: t)) }
            nextIndex = k + 1
        }
    }

    private func interpolate(a: Int, b: Int, at t: Double) -> SkeletonFrame {
        let fa = history[a], fb = history[b]
        let h = fb.time - fa.time
        let u = (t - fa.time) / h
        if h > maxGap {  // a hole: only the input frame itself is known
            if t == fa.time { var same = fa; same.time = t; return same }
            return .empty(time: t, jointCount: jointCount, withWorld: fa.world != nil)
        }
        let before: SkeletonFrame? = a > 0 && fa.time - history[a - 1].time <= maxGap ? history[a - 1] : nil
        let after: SkeletonFrame? = b + 1 < history.count && history[b + 1].time - fb.time <= maxGap ? history[b + 1] : nil
        var out = SkeletonFrame.empty(time: t, jointCount: jointCount, withWorld: fa.world != nil)
        for j in 0..<jointCount {
            let ca = fa.confidences[j], cb = fb.confidences[j]
            guard ca > 0 && cb > 0 else { continue }
            let prev = before.flatMap { $0.confidences[j] > 0 ? $0 : nil }
            let next = after.flatMap { $0.confidences[j] > 0 ? $0 : nil }
            out.confidences[j] = ca + (cb - ca) * u
            out.positions[j] = Self.hermite(fa.positions[j], fb.positions[j], prev?.positions[j], next?.positions[j],
                                            ta: fa.time, tb: fb.time, tPrev: prev?.time, tNext: next?.time, u: u)
            if let wa = fa.world, let wb = fb.world {
                out.world![j] = Self.hermite(wa[j], wb[j], prev?.world?[j], next?.world?[j],
                                             ta: fa.time, tb: fb.time, tPrev: prev?.time, tNext: next?.time, u: u)
            }
        }
        return out
    }

    /// Cubic Hermite between `pa` (u = 0) and `pb` (u = 1) with Catmull-Rom tangents where the
    /// neighbours exist; a missing neighbour makes that end's tangent the chord (linear when both miss).
    static func hermite(_ pa: Vec3, _ pb: Vec3, _ pPrev: Vec3?, _ pNext: Vec3?,
                        ta: Double, tb: Double, tPrev: Double?, tNext: Double?, u: Double) -> Vec3 {
        let h = tb - ta
        let chord = (pb - pa) / h
        let ma = (pPrev != nil && tPrev != nil) ? (pb - pPrev!) / (tb - tPrev!) : chord
        let mb = (pNext != nil && tNext != nil) ? (pNext! - pa) / (tNext! - ta) : chord
        let u2 = u * u, u3 = u2 * u
        let h00 = 2 * u3 - 3 * u2 + 1, h10 = u3 - 2 * u2 + u
        let h01 = -2 * u3 + 3 * u2, h11 = u3 - u2
        return pa * h00 + ma * (h10 * h) + pb * h01 + mb * (h11 * h)
    }
}

extension SkeletonSequence {
    /// This sequence resampled onto the grid k/`rate` seconds (see `StreamResampler`).
    public func resampled(rate: Double = 60, maxGap: Double = 0.25) -> SkeletonSequence {
        var resampler = StreamResampler(rate: rate, maxGap: maxGap, jointCount: jointCount)
        var out = self.slice(frames: 0..<0)
        out.fps = rate
        for f in 0..<frameCount { resampler.push(frame(f)) { out.append($0) } }
        resampler.finish { out.append($0) }
        return out
    }
}
