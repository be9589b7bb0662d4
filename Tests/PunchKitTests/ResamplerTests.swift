import Foundation
import Testing
@testable import PunchKit

@Suite struct ResamplerTests {
    /// A 1.5 Hz sine sampled at 25 fps with ±4 ms jitter and two dropped frames, resampled to 60 fps,
    /// against the analytic signal: cubic Hermite keeps the error near 1 % of the amplitude.
    @Test func jitteryDroppedInputFollowsTheAnalyticSignal() throws {
        let f = 1.5, amplitude = 0.3
        func signal(_ t: Double) -> Double { amplitude * sin(2 * .pi * f * t) }
        var rng = SeededRandom(seed: 7)
        var times: [Double] = []
        for k in 0..<100 where k != 40 && k != 41 {
            times.append(Double(k) / 25 + (rng.unit() - 0.5) * 0.008 + 0.01)
        }
        let s = standingFigure(times: times) { t in Vec3(0.2 + signal(t), -0.45, 2.6) }
        let r = s.resampled()
        #expect(r.fps == 60)
        var maxError = 0.0, holeError = 0.0
        let hole = times[39]...times[40]
        for f in 0..<r.frameCount {
            let t = r.times[f]
            #expect(abs(t * 60 - (t * 60).rounded()) < 1e-9)  // on the k/60 grid
            let x = r.position(frame: f, joint: Joint.leftWrist.rawValue).x - 0.2
            if hole.contains(t) { holeError = max(holeError, abs(x - signal(t))) } else { maxError = max(maxError, abs(x - signal(t))) }
        }
        #expect(maxError < 0.01 * amplitude, "max error \(maxError)")  // < 1 % of the amplitude
        #expect(holeError < 0.06 * amplitude, "max error in the 120 ms hole \(holeError)")
        #expect(r.times.first! >= times.first! && r.times.last! <= times.last!)
        #expect(abs(Double(r.frameCount) - (times.last! - times.first!) * 60) <= 2)
        // The linear fallback alone would be worse: check the cubic earns its keep away from the hole.
        var linearError = 0.0
        for f in 0..<r.frameCount where r.times[f] < 1.4 {
            let t = r.times[f]
            let k = times.lastIndex { $0 <= t }!
            let u = (t - times[k]) / (times[k + 1] - times[k])
            let lin = signal(times[k]) + (signal(times[k + 1]) - signal(times[k])) * u
            linearError = max(linearError, abs(lin - signal(t)))
        }
        var cubicError = 0.0
        for f in 0..<r.frameCount where r.times[f] < 1.4 {
            let x = r.position(frame: f, joint: Joint.leftWrist.rawValue).x - 0.2
            cubicError = max(cubicError, abs(x - signal(r.times[f])))
        }
        #expect(cubicError < linearError / 3, "cubic \(cubicError) vs linear \(linearError)")
    }

    @Test func gapsLongerThanTheLimitAreMissingAndConfidenceIsCarried() {
        var times = (0..<30).map { Double($0) / 30 }
        times += (0..<30).map { 1.5 + Double($0) / 30 }  // 0.53 s hole
        var s = standingFigure(times: times)
        for f in 0..<s.frameCount { s.setConfidence(f < 30 ? 0.5 : 0.9, frame: f, joint: 0) }
        s.setConfidence(0, frame: 10, joint: 5)  // one missing joint in one frame
        let r = s.resampled(rate: 60, maxGap: 0.25)
        for f in 0..<r.frameCount {
            let t = r.times[f]
            let c = r.confidence(frame: f, joint: 0)
            if t > 29.0 / 30 && t < 1.5 {
                #expect(c == 0, "t=\(t) inside the hole must be missing")
            } else if t <= 29.0 / 30 {
                #expect(abs(c - 0.5) < 1e-12)
            } else {
                #expect(abs(c - 0.9) < 1e-12)
            }
            if t > 9.0 / 30 && t < 11.0 / 30 { #expect(r.confidence(frame: f, joint: 5) == 0) }
        }
    }

    @Test func streamAndBatchGiveTheSameFrames() {
        let s = standingFigure(times: (0..<40).map { Double($0) / 24 + 0.003 }) { t in Vec3(sin(t), 0, 2) }
        var stream = StreamResampler(jointCount: 17)
        var out: [SkeletonFrame] = []
        for f in 0..<s.frameCount { stream.push(s.frame(f)) { out.append($0) } }
        stream.finish { out.append($0) }
        #expect(out == s.resampled().frames)
    }
}
