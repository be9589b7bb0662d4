import PunchKit

/// Kinematics of one straight punch in units that compare across skeleton conventions and scales:
/// torso lengths and seconds, the wrist measured relative to its own shoulder (so that neither the
/// camera nor the trunk's movement counts). Used to check the synthetic punches against real ones.
public struct PunchKinematics: Sendable, Equatable {
    /// Peak speed of the wrist relative to the shoulder, torso lengths per second.
    public var peakSpeed: Double
    /// Length of the run of frames around the peak where that speed stays above 25 % of the peak (s).
    public var extensionTime: Double
    /// Largest wrist–shoulder distance, torso lengths.
    public var reach: Double

    /// Measures the punch of `wrist`/`shoulder` in a canonical sequence (world coordinates when present),
    /// resampled to `rate` fps (CoachMe's assumed 30) and smoothed over 3 frames, looking only at
    /// `window` when given. Nil when the sequence is too short.
    public static func measure(_ sequence: SkeletonSequence, wrist: Joint, shoulder: Joint,
                               window: ClosedRange<Double>? = nil, rate: Double = 30) -> PunchKinematics? {
        guard sequence.frameCount >= 4 else { return nil }
        let s = sequence.resampled(rate: rate, maxGap: 1)
        let n = s.frameCount
        guard n >= 4 else { return nil }
        let ls = Joint.leftShoulder.rawValue, rs = Joint.rightShoulder.rawValue
        let lh = Joint.leftHip.rawValue, rh = Joint.rightHip.rawValue
        var torsos: [Double] = []
        var rel: [Vec3] = []
        for f in 0..<n {
            let p = { (j: Int) in s.worldPosition(frame: f, joint: j) }
            torsos.append(((p(ls) + p(rs)) * 0.5 - (p(lh) + p(rh)) * 0.5).length)
            rel.append(p(wrist.rawValue) - p(shoulder.rawValue))
        }
        let torso = torsos.sorted()[n / 2]
        guard torso > 0 else { return nil }
        // 3-frame moving average against pose jitter (edges repeat).
        var smooth = [Vec3](repeating: .zero, count: n)
        for f in 0..<n {
            let sum: Vec3 = rel[max(f - 1, 0)] + rel[f] + rel[min(f + 1, n - 1)]
            smooth[f] = sum / (3 * torso)
        }
        var speed = [Double](repeating: 0, count: n)
        for f in 1..<(n - 1) { speed[f] = (smooth[f + 1] - smooth[f - 1]).length * rate / 2 }
        speed[0] = speed[1]
        speed[n - 1] = speed[n - 2]
        let inWindow = (0..<n).filter { f in window.map { $0.contains(s.times[f]) } ?? true }
        guard let peakFrame = inWindow.max(by: { speed[$0] < speed[$1] }) else { return nil }
        let peak = speed[peakFrame], threshold = 0.25 * peak
        var lo = peakFrame, hi = peakFrame
        while lo > 0 && speed[lo - 1] > threshold { lo -= 1 }
        while hi < n - 1 && speed[hi + 1] > threshold { hi += 1 }
        let reach = inWindow.map { (rel[$0] / torso).length }.max() ?? 0
        return PunchKinematics(peakSpeed: peak, extensionTime: Double(hi - lo + 1) / rate, reach: reach)
    }
}

/// Percentiles of a sample (linear interpolation), for the comparison tables.
public func percentile(_ values: [Double], _ p: Double) -> Double {
    let s = values.sorted()
    guard !s.isEmpty else { return .nan }
    let x = p / 100 * Double(s.count - 1)
    let i = Int(x), f = x - Double(i)
    return i + 1 < s.count ? s[i] * (1 - f) + s[i + 1] * f : s[i]
}
