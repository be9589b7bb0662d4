#if canImport(Glibc)
import Glibc
#else
import Foundation
#endif
import PunchKit

/// How the demo's synthetic athlete answers a coach's callout: after a reaction time (log-normal around
/// 350 ms — simple visual reaction plus movement onset, typical of trained athletes), it throws the
/// punches called with 0.5–0.8 s between them, and now and then (about 8 %) makes a mistake: a wrong
/// punch, a missing punch or an extra punch. Deterministic for a seed.
public struct DemoAthlete: Sendable {
    public enum Mistake: String, Sendable, Equatable { case wrongPunch, missingPunch, extraPunch }

    public struct Response: Sendable, Equatable {
        /// What will be thrown and when (feed these to `SyntheticPerformer.perform`).
        public var actions: [(time: Double, action: SynthAction)]
        public var reactionTime: Double
        public var mistake: Mistake?

        public static func == (a: Response, b: Response) -> Bool {
            a.reactionTime == b.reactionTime && a.mistake == b.mistake && a.actions.count == b.actions.count
                && zip(a.actions, b.actions).allSatisfy { $0.time == $1.time && $0.action == $1.action }
        }
    }

    public var medianReaction: Double
    public var mistakeRate: Double
    private var rng: SeededRandom

    public init(seed: UInt64, medianReaction: Double = 0.35, mistakeRate: Double = 0.08) {
        self.medianReaction = medianReaction
        self.mistakeRate = mistakeRate
        rng = SeededRandom(seed: seed, stream: "demo-athlete")
    }

    /// The response to `callout` (a list of punches) called at `time`.
    public mutating func respond(to callout: [SynthAction], at time: Double) -> Response {
        let reaction = clamp(rng.logNormal(median: medianReaction, sigma: 0.25), 0.18, 1.2)
        var punches = callout
        var mistake: Mistake?
        if !punches.isEmpty && rng.chance(mistakeRate) {
            let options: [Mistake] = punches.count > 1 ? [.wrongPunch, .missingPunch, .extraPunch] : [.wrongPunch, .extraPunch]
            let m = rng.pick(options)
            mistake = m
            let i = rng.int(0...(punches.count - 1))
            let all: [SynthAction] = [.jab, .doubleJab, .cross, .hook(.lead), .hook(.rear), .uppercut(.lead), .uppercut(.rear)]
            switch m {
            case .wrongPunch: punches[i] = rng.pick(all.filter { $0 != punches[i] })
            case .missingPunch: punches.remove(at: i)
            case .extraPunch: punches.insert(rng.pick(all), at: rng.int(0...punches.count))
            }
        }
        var t = time + reaction
        var actions: [(Double, SynthAction)] = []
        for p in punches {
            actions.append((t, p))
            // Rough duration of a punch plus a 0.5–0.8 s gap; the performer never starts one early.
            t += (p == .doubleJab ? 0.65 : 0.4) + rng.uniform(0.5, 0.8)
        }
        return Response(actions: actions, reactionTime: reaction, mistake: mistake)
    }
}
