import CoachStore
import CoachTUI
import Foundation
import PunchKit
import Testing

@Suite struct DemoSourceTests {
    @Test func answersCalloutsAfterAReactionTime() throws {
        let demo = DemoSource(seed: 3)
        for _ in 0..<30 { _ = try demo.nextFrame() }  // one second
        let callout = Callout(id: 1, punches: [CalledPunch("jab"), CalledPunch("cross")], calledAt: 1)
        demo.hear(.callout(callout), at: 1)
        let answers = demo.performed.filter { $0.label != "idle" }
        #expect(answers.count >= 1 && answers.count <= 3, "\(answers)")
        #expect(answers.allSatisfy { $0.start >= 1.18 }, "no answer before a human reaction time: \(answers)")
        // Frames: 30 a second, times increasing, canonical, with world coordinates.
        var last = -1.0
        for _ in 0..<60 {
            let f = try #require(try demo.nextFrame())
            #expect(f.time > last && f.positions.count == JointLayout.canonical.count && f.world != nil)
            last = f.time
        }
        #expect(abs(last - 89.0 / 30) < 1e-3)  // times are quantised like a recorder's
    }

    @Test func shadowBoxesOnlyWhenAsked() throws {
        let quiet = DemoSource(seed: 5)
        for _ in 0..<300 { _ = try quiet.nextFrame() }
        #expect(quiet.performed.isEmpty)
        let busy = DemoSource(seed: 5)
        busy.setShadowBoxing(true, at: 0)
        for _ in 0..<300 { _ = try busy.nextFrame() }
        #expect(busy.performed.filter { $0.label != "idle" }.count >= 3, "\(busy.performed)")
    }
}

@Suite struct WorkoutRecorderTests {
    @Test func storesCalloutsPunchesAndRoundsScoredByTheStore() throws {
        let store = try HistoryStore.inMemory()
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("events-\(UUID().uuidString).log").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        let recorder = try WorkoutRecorder(store: store, eventsLog: log)
        try recorder.begin(mode: .combo, source: "demo", stance: .orthodox, model: "m", modelHash: "abc", notes: nil)
        try recorder.roundStarted(number: 1, at: 0, work: 60, rest: 10)
        let callout = Callout(id: 1, punches: [CalledPunch("jab"), CalledPunch("hook", hand: .lead)], calledAt: 2)
        try recorder.callout(callout)
        let right = try recorder.punch(PunchEvent(start: 2.4, end: 2.7, label: "jab", hand: .lead, confidence: 0.9, peakSpeed: 5),
                                       speedInMetres: true, answering: PromptKey(callout: 1, position: 0), round: 1)
        let wrong = try recorder.punch(PunchEvent(start: 3.1, end: 3.4, label: "hook", hand: .rear, confidence: 0.8, peakSpeed: 6),
                                       speedInMetres: true, answering: PromptKey(callout: 1, position: 1), round: 1)
        let free = try recorder.punch(PunchEvent(start: 9, end: 9.3, label: "cross", hand: .rear, confidence: 0.8, peakSpeed: 4),
                                      speedInMetres: false, answering: nil, round: nil)
        #expect(right?.correct == true && abs((right?.reactionMs ?? 0) - 400) < 1e-6)
        #expect(wrong?.correct == false, "a rear hook does not answer a lead hook")
        #expect(free?.correct == nil && free?.speedUnits == "torso/s" && free?.roundId == nil)
        try recorder.roundEnded(number: 1, at: 60)
        let id = try #require(recorder.sessionId)
        #expect(try store.prompts(session: id).map(\.expectedLabel) == ["jab", "hook"])
        #expect(try store.rounds(session: id).first?.ended == 60)
        try recorder.close()
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map { $0.split(separator: ",").first! }
        #expect(lines == ["session", "round", "prompt", "prompt", "punch", "punch", "punch", "end"])
    }

    @Test func promptWindowsStayOpenForLateEvents() {
        var book = PromptBook()
        book.call(Callout(id: 1, punches: [CalledPunch("jab")], calledAt: 10))
        // The window is 10…12 s; a punch starting at 11.9 is emitted a little after 12.
        #expect(book.expire(now: 12.5).isEmpty)
        let o = book.answer(PunchEvent(start: 11.9, end: 12.2, label: "jab", hand: .lead, confidence: 1, peakSpeed: 1))
        #expect(o?.correct == true)
        book.call(Callout(id: 2, punches: [CalledPunch("cross")], calledAt: 20))
        #expect(book.expire(now: 22.9).isEmpty)
        #expect(book.expire(now: 23.1).map(\.missed) == [true])
    }
}
