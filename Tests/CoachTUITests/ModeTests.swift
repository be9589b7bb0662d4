import CoachTUI
import PunchKit
import Testing

func punch(_ label: String, _ hand: Hand = .lead, at start: Double, speed: Double = 5) -> PunchEvent {
    PunchEvent(start: start, end: start + 0.3, label: label, hand: hand, confidence: 0.9, peakSpeed: speed)
}

/// Ticks `mode` from `from` to `to` every `dt` seconds, collecting actions with their times.
@discardableResult
func run(_ mode: WorkoutMode, from: Double, to: Double, dt: Double = 0.05) -> [(Double, ModeAction)] {
    var out: [(Double, ModeAction)] = []
    var t = from
    while t <= to + 1e-9 {
        out += mode.tick(now: t).map { (t, $0) }
        t += dt
    }
    return out
}

func callouts(_ actions: [(Double, ModeAction)]) -> [Callout] {
    actions.compactMap { if case .callout(let c) = $0.1 { return c } else { return nil } }
}

@Suite struct DrillModeTests {
    @Test func countsRepsFlagsWrongPunchesAndFinishes() {
        let drill = DrillMode(punch: CalledPunch("jab"), reps: 3, getReady: 1, pause: 0.5)
        var calls = callouts(run(drill, from: 0, to: 1.2))
        #expect(calls.count == 1 && calls[0].calledAt >= 1 && calls[0].punches == [CalledPunch("jab")])
        #expect(drill.panel(now: 1.2).big == "JAB")

        // Rep 1: a jab 350 ms after the call.
        let v1 = drill.handle(event: punch("jab", at: calls[0].calledAt + 0.35), at: 2)
        #expect(v1.outcome?.correct == true)
        #expect(abs((v1.outcome?.reactionMs ?? 0) - 350) < 1)
        #expect(drill.results.count == 1)

        // An extra punch between calls is flagged, not a rep.
        let extra = drill.handle(event: punch("hook", at: 2.1), at: 2.2)
        #expect(extra.outcome == nil && extra.note != nil)
        #expect(drill.results.count == 1)

        // Rep 2: a cross when a jab is called: wrong, flagged.
        calls = callouts(run(drill, from: 2.3, to: 2.6))
        #expect(calls.count == 1)
        let v2 = drill.handle(event: punch("cross", .rear, at: calls[0].calledAt + 0.4), at: 3.2)
        #expect(v2.outcome?.correct == false)
        #expect(v2.note?.contains("wanted jab") == true)

        // Rep 3: nothing thrown: a miss once the window (2 s + 1 s grace) has passed.
        calls = callouts(run(drill, from: 3.3, to: 4))
        #expect(calls.count == 1)
        #expect(!drill.isFinished)
        run(drill, from: 4, to: calls[0].calledAt + 3.1)
        #expect(drill.isFinished)
        #expect(drill.results.map(\.correct) == [true, false, false])
        #expect(drill.results[2].missed)
        #expect(drill.correctCount == 1)
        #expect(drill.summary.headline.contains("1/3 correct"))
        #expect(callouts(run(drill, from: 8, to: 12)).isEmpty, "no call after the last rep")
    }
}

@Suite struct ComboModeTests {
    @Test func scoresEachPunchOfACombo() {
        let picker = CalloutPicker(vocabulary: [CalledPunch("jab"), CalledPunch("cross")], seed: 3, lengthWeights: [0, 0, 1])
        let combo = ComboMode(combos: 2, picker: picker, getReady: 0.5, pause: 0.5)
        let calls = callouts(run(combo, from: 0, to: 0.6))
        #expect(calls.count == 1)
        let c = calls[0]
        #expect(c.punches.count == 3)
        #expect(combo.panel(now: 0.6).animation?.punches == c.punches)
        // Answer the first two right, the third wrong.
        let wrong = c.punches[2].label == "jab" ? "cross" : "jab"
        let v0 = combo.handle(event: punch(c.punches[0].label, at: c.calledAt + 0.3), at: c.calledAt + 0.8)
        let v1 = combo.handle(event: punch(c.punches[1].label, at: c.calledAt + 0.9), at: c.calledAt + 1.4)
        let v2 = combo.handle(event: punch(wrong, at: c.calledAt + 1.5), at: c.calledAt + 2.0)
        #expect(v0.outcome?.key == PromptKey(callout: 1, position: 0) && v0.outcome?.correct == true)
        #expect(v1.outcome?.key == PromptKey(callout: 1, position: 1) && v1.outcome?.correct == true)
        #expect(v2.outcome?.key == PromptKey(callout: 1, position: 2) && v2.outcome?.correct == false)
        #expect(abs((v1.outcome?.reactionMs ?? 0) - 900) < 1)
        #expect(combo.correctCount == 2)
        // The picker learned: the missed punch's error rate went up.
        #expect(combo.picker.errorRate(c.punches[2]) > combo.picker.errorRate(c.punches[0]) || c.punches[2] == c.punches[0])
        // The next callout comes after the pause; nothing answered: three misses, then done.
        let next = callouts(run(combo, from: c.calledAt + 2.0, to: c.calledAt + 2.6))
        #expect(next.count == 1 && next[0].id == 2)
        run(combo, from: c.calledAt + 2.6, to: next[0].calledAt + 6)
        #expect(combo.isFinished)
        #expect(combo.outcomes.count == 6)
        #expect(combo.outcomes.filter(\.missed).count == 3)
    }

    @Test func aPunchBeforeAnyCallIsNotScored() {
        let combo = ComboMode(combos: 1, picker: CalloutPicker(vocabulary: [CalledPunch("jab")], seed: 1), getReady: 2)
        run(combo, from: 0, to: 1)
        let v = combo.handle(event: punch("jab", at: 0.5), at: 1)
        #expect(v.outcome == nil)
        #expect(combo.outcomes.isEmpty)
    }
}

@Suite struct RoundsModeTests {
    @Test func timesWorkAndRestTransitions() {
        let rounds = RoundsMode(rounds: 2, work: 10, rest: 4, getReady: 2)
        #expect(rounds.tick(now: 0).isEmpty)
        #expect(rounds.phase == .getReady)
        #expect(rounds.handle(event: punch("jab", at: 1), at: 1.5).round == nil)
        let actions = run(rounds, from: 0, to: 30, dt: 0.1)
        let kinds = actions.map { (t, a) -> String in
            switch a {
            case .roundStarted(let n, _, _): return "start\(n)@\(Int((t).rounded()))"
            case .roundEnded(let n): return "end\(n)@\(Int(t.rounded()))"
            case .rest(let until): return "rest→\(Int(until.rounded()))"
            default: return "?"
            }
        }
        // get ready 2 s, round 1 2–12, rest 12–16, round 2 16–26, done.
        #expect(kinds == ["start1@2", "end1@12", "rest→16", "start2@16", "end2@26"])
        #expect(rounds.isFinished)
        #expect(rounds.results.map(\.started) == [2, 16])
        #expect(rounds.results.map(\.ended) == [12, 26])
    }

    @Test func countsPunchesPerRoundNotDuringRest() {
        let rounds = RoundsMode(rounds: 2, work: 6, rest: 3, getReady: 0)
        run(rounds, from: 0, to: 1)
        #expect(rounds.phase == .work(round: 1))
        #expect(rounds.panel(now: 1).big == "0:05")
        for t in stride(from: 1.0, to: 5.5, by: 0.5) { #expect(rounds.handle(event: punch("jab", at: t), at: t).round == 1) }
        run(rounds, from: 1, to: 7)
        #expect(rounds.phase == .rest(afterRound: 1))
        #expect(rounds.handle(event: punch("hook", at: 7), at: 7).round == nil)
        run(rounds, from: 7, to: 10)
        #expect(rounds.phase == .work(round: 2))
        #expect(rounds.handle(event: punch("cross", .rear, at: 10), at: 10).round == 2)
        run(rounds, from: 10, to: 16)
        #expect(rounds.isFinished)
        #expect(rounds.results.map { $0.punches.count } == [9, 1])
        #expect(abs(rounds.results[0].perMinute - 90) < 1e-6)
        #expect(rounds.summary.lines.first?.contains("9 punches, 90 a minute") == true)
    }

    @Test func aLongPauseCrossesSeveralPhasesInOneTick() {
        let rounds = RoundsMode(rounds: 3, work: 5, rest: 1, getReady: 1)
        _ = rounds.tick(now: 0)
        let actions = rounds.tick(now: 100)
        #expect(actions.filter { if case .roundStarted = $0 { true } else { false } }.count == 3)
        #expect(rounds.isFinished)
    }
}

@Suite struct RecordModeTests {
    @Test func asksForEachClassInTurn() {
        let rec = RecordMode(labels: ["jab", "hook", "stance", "idle"], clipsPerClass: 2, readySeconds: 1, clipSeconds: 2, callDelay: 0.5)
        #expect(rec.labelSequence == ["jab", "jab", "hook", "hook", "stance", "stance", "idle", "idle"])
        let actions = run(rec, from: 0, to: 30)
        var started: [String] = [], stopped: [String] = []
        var calls: [String] = []
        for (_, a) in actions {
            switch a {
            case .recordingStarted(let l, let k, _): started.append("\(l)\(k)")
            case .recordingStopped(let l, let k, _, _, _): stopped.append("\(l)\(k)")
            case .callout(let c): calls.append(c.text)
            default: break
            }
        }
        #expect(started == ["jab1", "jab2", "hook1", "hook2", "stance1", "stance2", "idle1", "idle2"])
        #expect(stopped == started)
        // Punch classes are called once a clip, hooks alternating hands; stance and idle are not called.
        #expect(calls == ["jab", "jab", "lead hook", "rear hook"])
        #expect(rec.isFinished)
        // Each clip: 1 s ready + 2 s recording.
        #expect(abs((actions.first { if case .recordingStopped = $0.1 { true } else { false } }?.0 ?? 0) - 3) < 0.06)
    }

    @Test func theDetectorsPunchLocatesTheClip() {
        let rec = RecordMode(labels: ["cross"], clipsPerClass: 1, readySeconds: 1, clipSeconds: 2, callDelay: 0.5)
        run(rec, from: 0, to: 1.6)
        let wrong = rec.handle(event: punch("jab", at: 1.7), at: 2)
        #expect(wrong.note == "seen as jab")
        // The call is scored as every mode scores it: the first punch in its window answers it, here wrongly.
        #expect(wrong.outcome?.correct == false && wrong.outcome?.called.label == "cross")
        let located = rec.handle(event: punch("cross", .rear, at: 1.8), at: 2.2)
        #expect(located.note == "✓ located" && located.outcome == nil)
        let actions = run(rec, from: 2.2, to: 3.5)
        let stop = actions.compactMap { a -> ClosedRange<Double>?? in
            if case .recordingStopped(_, _, _, let span, _) = a.1 { return span } else { return nil }
        }
        #expect(stop.count == 1)
        #expect(stop[0] == 1.8...2.1)
    }

    /// A recorded punch read as called answers its call: correct, with its reaction from the call (0.5 s into the
    /// recording), so the summary's accuracy and reaction are the share of calls the model read as called.
    @Test func aRecordedPunchReadAsCalledAnswersItsCall() {
        let rec = RecordMode(labels: ["cross"], clipsPerClass: 1, readySeconds: 1, clipSeconds: 2, callDelay: 0.5)
        run(rec, from: 0, to: 1.6)
        let verdict = rec.handle(event: punch("cross", .rear, at: 1.8), at: 2.2)
        #expect(verdict.note == "✓ located")
        let outcome = verdict.outcome
        #expect(outcome?.correct == true && abs((outcome?.reactionMs ?? 0) - 300) < 1, "\(String(describing: outcome))")
    }
}
