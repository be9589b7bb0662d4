import CoachStore
import Foundation
import PunchKit

/// Writes the workout to the history store as it happens — the session, each round, each callout's
/// prompts when called, each punch right after it is shown (scored by the store against the prompt
/// it answers) — and, when asked, appends a line to an events log after every commit, so a test
/// (or a curious user) can check the database against what the coach reported.
///
/// Events log lines (CSV, no header): `session,ID`, `round,ID,NUMBER`, `prompt,ID,LABEL,CALLED_S`,
/// `punch,ID,LABEL,HAND,START_S,END_S`, `stance,STANCE` (the user switched it), `end,ID`.
public final class WorkoutRecorder {
    public let store: HistoryStore?
    public private(set) var sessionId: Int64?
    private var roundIds: [Int: Int64] = [:]
    private var currentRound: Int64?
    private var promptIds: [PromptKey: Int64] = [:]
    private let log: FileHandle?
    private var closed = false

    /// `store` nil: nothing is stored (the coach still runs).
    public init(store: HistoryStore?, eventsLog: String? = nil) throws {
        self.store = store
        if let eventsLog {
            if !FileManager.default.fileExists(atPath: eventsLog) {
                guard FileManager.default.createFile(atPath: eventsLog, contents: nil) else {
                    throw CoachError("cannot create the events log \(eventsLog); check the path")
                }
            }
            guard let h = FileHandle(forWritingAtPath: eventsLog) else {
                throw CoachError("cannot write the events log \(eventsLog); check its permissions")
            }
            h.seekToEndOfFile()
            log = h
        } else {
            log = nil
        }
    }

    private func append(_ line: String) {
        // FileHandle writes go straight to write(2): the line is in the file when this returns.
        log?.write(Data((line + "\n").utf8))
    }

    public func begin(mode: ModeKind, source: String, stance: Stance?, model: String?, modelHash: String?, notes: String?) throws {
        guard let store else { return }
        let s = try store.beginSession(WorkoutSession(mode: mode, source: source, stance: stance,
                                                      model: model, modelHash: modelHash, notes: notes))
        sessionId = s.id
        append("session,\(s.id ?? 0)")
    }

    /// The user set the stance: the session's stance is that one from now on.
    public func stanceSet(_ stance: Stance) throws {
        guard let store, let sessionId else { return }
        try store.setStance(stance, session: sessionId)
        append("stance,\(stance.rawValue)")
    }

    public func roundStarted(number: Int, at t: Double, work: Double, rest: Double) throws {
        guard let store, let sessionId else { return }
        let r = try store.addRound(WorkoutRound(sessionId: sessionId, number: number, started: t, workSeconds: work, restSeconds: rest))
        roundIds[number] = r.id
        currentRound = r.id
        append("round,\(r.id ?? 0),\(number)")
    }

    public func roundEnded(number: Int, at t: Double) throws {
        guard let store, let id = roundIds[number] else { return }
        try store.endRound(id, at: t)
        if currentRound == id { currentRound = nil }
    }

    /// Ends the round still running (started and not ended), if any, at session second `t`.
    public func endOpenRound(at t: Double) throws {
        guard let store, let id = currentRound else { return }
        try store.endRound(id, at: t)
        currentRound = nil
    }

    public func callout(_ c: Callout) throws {
        guard let store, let sessionId else { return }
        let stored = try store.addPrompts(c.prompts(sessionId: sessionId, roundId: currentRound))
        for (i, p) in stored.enumerated() {
            promptIds[PromptKey(callout: c.id, position: i)] = p.id
            append("prompt,\(p.id ?? 0),\(p.expectedLabel),\(c.calledAt)")
        }
    }

    /// Stores a punch; returns it as stored (with `correct` and `reactionMs` when it answered a prompt).
    @discardableResult
    public func punch(_ e: PunchEvent, speedInMetres: Bool, answering key: PromptKey?, round: Int?) throws -> Punch? {
        guard let store, let sessionId else { return nil }
        let roundId = round.flatMap { roundIds[$0] }
        let stored = try store.addPunch(Punch(
            sessionId: sessionId, roundId: roundId, promptId: key.flatMap { promptIds[$0] }, label: e.label,
            hand: e.hand, start: e.start, end: e.end, confidence: e.confidence, peakSpeed: e.peakSpeed,
            speedUnits: speedInMetres ? "m/s" : "torso/s"))
        append("punch,\(stored.id ?? 0),\(e.label),\(e.hand.rawValue),\(e.start),\(e.end)")
        return stored
    }

    /// Ends the session (when begun) and closes the store. Safe to call twice.
    public func close() throws {
        guard !closed else { return }
        closed = true
        defer { try? log?.close() }
        guard let store else { return }
        if let sessionId {
            try store.endSession(sessionId)
            append("end,\(sessionId)")
            self.sessionId = nil
        }
        try store.close()
    }
}

/// A failure of the coach the user can act on: one line.
public struct CoachError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
