import Foundation
import Testing
@testable import PunchSynth
import PunchKit

@Suite struct PerformerTests {
    @Test func performsWhatIsAskedInTimeAndDeterministically() {
        let subject = SubjectPool.make(seed: 2, ids: 1...3)[0]
        func run() -> ([SkeletonFrame], [PunchEvent]) {
            let p = SyntheticPerformer(subject: subject, camera: .front(), seed: 42)
            p.perform(.jab, at: 1.0)
            p.perform(.hook(.rear), at: 1.1)  // queued after the jab
            p.perform(.idle(seconds: 4), at: 3)
            var frames: [SkeletonFrame] = []
            for k in 0..<270 { frames.append(p.frame(at: Double(k) / 30)) }
            return (frames, p.events)
        }
        let (frames, events) = run()
        #expect(frames.count == 270)
        #expect(frames.allSatisfy { $0.positions.count == 17 && $0.world?.count == 17 })
        #expect(events.map(\.label) == ["jab", "hook", "idle"])
        #expect(events[0].start == 1.0)
        #expect(events[1].start >= events[0].end + 0.5)
        let (again, _) = run()
        #expect(again == frames)
    }

    @Test func theDemoAthleteReactsLikeAPersonAndSometimesErrs() {
        var athlete = DemoAthlete(seed: 8)
        var reactions: [Double] = []
        var mistakes = 0
        for k in 0..<600 {
            let r = athlete.respond(to: [.jab, .cross], at: Double(k) * 5)
            reactions.append(r.reactionTime)
            if r.mistake != nil { mistakes += 1 }
            #expect(r.actions.first!.time >= Double(k) * 5 + 0.18)
        }
        let median = percentile(reactions, 50)
        #expect(median > 0.31 && median < 0.39, "median reaction \(median) s")
        #expect(mistakes > 25 && mistakes < 75, "\(mistakes) mistakes in 600")
        var a = DemoAthlete(seed: 8), b = DemoAthlete(seed: 8)
        #expect(a.respond(to: [.jab], at: 0) == b.respond(to: [.jab], at: 0))
    }
}
