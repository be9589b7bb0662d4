import Foundation
import Testing

@testable import CoachStore

@Suite struct RecordingTests {
    @Test func aWorkoutRoundTrips() throws {
        let store = try HistoryStore.inMemory()
        let start = Date(timeIntervalSince1970: 1_750_000_000.25)
        let session = try store.beginSession(
            WorkoutSession(startedAt: start, mode: .rounds, source: "video:/tmp/a.mp4", stance: .orthodox, model: "m1", modelHash: "abc"))
        let id = try #require(session.id)
        let round = try store.addRound(WorkoutRound(sessionId: id, number: 1, started: 0, workSeconds: 180, restSeconds: 60))
        let prompts = try store.addPrompts(
            ["jab", "cross"].enumerated().map { i, label in
                Prompt(sessionId: id, roundId: round.id, calledAt: 3, combo: "jab,cross", position: i, expectedLabel: label)
            })
        #expect(prompts.map(\.position) == [0, 1] && prompts.allSatisfy { $0.id != nil })
        let jab = try store.addPunch(
            Punch(
                sessionId: id, roundId: round.id, promptId: prompts[0].id, label: "jab", hand: .lead, start: 3.3, end: 3.6,
                confidence: 0.9, peakSpeed: 5.5))
        let wrong = try store.addPunch(
            Punch(
                sessionId: id, roundId: round.id, promptId: prompts[1].id, label: "hook", hand: .lead, start: 3.8, end: 4.2,
                confidence: 0.8, peakSpeed: 6, correct: true, reactionMs: 1))
        let free = try store.addPunch(
            Punch(sessionId: id, label: "uppercut", hand: .rear, start: 9, end: 9.4, confidence: 0.7, correct: true, reactionMs: 5))
        #expect(jab.correct == true && abs(jab.reactionMs! - 300) < 1e-6)
        // The store scores from the prompt, whatever the caller claimed.
        #expect(wrong.correct == false && abs(wrong.reactionMs! - 800) < 1e-6)
        #expect(free.correct == nil && free.reactionMs == nil)
        try store.endRound(round.id!, at: 180)
        try store.endSession(id, at: start.addingTimeInterval(200))

        let fetched = try store.punches(session: id)
        #expect(fetched.count == 3)
        for (read, written) in zip(fetched, [jab, wrong, free]) {
            var read = read
            #expect(abs(read.createdAt.timeIntervalSince(written.createdAt)) < 0.001)  // stored to the ms
            read.createdAt = written.createdAt
            #expect(read == written)
        }
        #expect(try store.prompts(session: id) == prompts)
        #expect(try store.rounds(session: id).first?.ended == 180)
        let saved = try #require(try store.sessions().first)
        #expect(saved.mode == .rounds && saved.modelHash == "abc")
        #expect(abs(saved.endedAt!.timeIntervalSince(start) - 200) < 0.001)
    }

    @Test func writesNameWhatIsMissing() throws {
        let store = try HistoryStore.inMemory()
        let punch = Punch(sessionId: 42, label: "jab", hand: .lead, start: 1, end: 1.2, confidence: 1)
        #expect(throws: StoreError.unknownRecord(path: ":memory:", what: "session 42")) { try store.addPunch(punch) }
        let session = try store.beginSession(WorkoutSession(mode: .free, source: "test"))
        let other = try store.beginSession(WorkoutSession(mode: .free, source: "test"))
        let prompt = try store.addPrompt(Prompt(sessionId: other.id!, calledAt: 1, combo: "jab", expectedLabel: "jab"))
        var answer = punch
        answer.sessionId = session.id!
        answer.promptId = prompt.id
        #expect(throws: StoreError.unknownRecord(path: ":memory:", what: "prompt \(prompt.id!) in session \(session.id!)")) {
            try store.addPunch(answer)
        }
        #expect(throws: StoreError.unknownRecord(path: ":memory:", what: "session 99")) { try store.endSession(99) }
        #expect(throws: StoreError.unknownRecord(path: ":memory:", what: "round 5")) {
            try store.addPrompt(Prompt(sessionId: session.id!, roundId: 5, calledAt: 1, combo: "jab", expectedLabel: "jab"))
        }
    }
}
