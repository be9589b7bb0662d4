import Foundation
import GRDB
import PunchKit

/// Writing a workout. Each call is one committed transaction: when it returns, what it wrote
/// survives a crash of the process. Errors are `StoreError`s.
extension HistoryStore {
    /// Stores a new session and returns it with its id.
    @discardableResult
    public func beginSession(_ session: WorkoutSession) throws -> WorkoutSession {
        var session = session
        session.id = nil
        return try write { db in
            try session.insert(db)
            return session
        }
    }

    /// Marks the end of a session.
    public func endSession(_ id: Int64, at date: Date = Date()) throws {
        try updateSession(id) { $0.endedAt = date }
    }

    /// Sets a session's stance (the user corrected the one read from the body).
    public func setStance(_ stance: Stance, session id: Int64) throws {
        try updateSession(id) { $0.stance = stance }
    }

    private func updateSession(_ id: Int64, _ change: (inout WorkoutSession) -> Void) throws {
        try write { db in
            guard var session = try WorkoutSession.fetchOne(db, key: id) else {
                throw StoreError.unknownRecord(path: path, what: "session \(id)")
            }
            change(&session)
            try session.update(db)
        }
    }

    /// Stores the start of a round and returns it with its id.
    @discardableResult
    public func addRound(_ round: WorkoutRound) throws -> WorkoutRound {
        var round = round
        round.id = nil
        return try write { db in
            try requireSession(round.sessionId, db)
            try round.insert(db)
            return round
        }
    }

    /// Marks the end of a round, in session seconds.
    public func endRound(_ id: Int64, at seconds: Double) throws {
        try write { db in
            guard var round = try WorkoutRound.fetchOne(db, key: id) else {
                throw StoreError.unknownRecord(path: path, what: "round \(id)")
            }
            round.ended = seconds
            try round.update(db)
        }
    }

    /// Stores one callout: a prompt a punch of the combo, in one transaction. Returns them with ids.
    @discardableResult
    public func addPrompts(_ prompts: [Prompt]) throws -> [Prompt] {
        try write { db in
            try prompts.map { prompt in
                var prompt = prompt
                prompt.id = nil
                try requireSession(prompt.sessionId, db)
                try requireRound(prompt.roundId, db)
                try prompt.insert(db)
                return prompt
            }
        }
    }

    /// Stores one prompt and returns it with its id.
    @discardableResult
    public func addPrompt(_ prompt: Prompt) throws -> Prompt {
        try addPrompts([prompt])[0]
    }

    /// Stores a punch and returns it with its id. When it answers a prompt (`promptId`), the store
    /// scores it (`PromptScoring.scored`): `correct` and `reactionMs` are set from the prompt,
    /// whatever the caller put there; without a prompt both are nil.
    @discardableResult
    public func addPunch(_ punch: Punch) throws -> Punch {
        var punch = punch
        punch.id = nil
        return try write { db in
            try requireSession(punch.sessionId, db)
            try requireRound(punch.roundId, db)
            if let promptId = punch.promptId {
                guard let prompt = try Prompt.fetchOne(db, key: promptId), prompt.sessionId == punch.sessionId else {
                    throw StoreError.unknownRecord(path: path, what: "prompt \(promptId) in session \(punch.sessionId)")
                }
                punch = PromptScoring.scored(punch, against: prompt)
            } else {
                punch.correct = nil
                punch.reactionMs = nil
            }
            try punch.insert(db)
            return punch
        }
    }

    private func requireSession(_ id: Int64, _ db: Database) throws {
        guard try WorkoutSession.exists(db, key: id) else {
            throw StoreError.unknownRecord(path: path, what: "session \(id)")
        }
    }

    private func requireRound(_ id: Int64?, _ db: Database) throws {
        guard let id else { return }
        guard try WorkoutRound.exists(db, key: id) else {
            throw StoreError.unknownRecord(path: path, what: "round \(id)")
        }
    }
}
