import Foundation
import PaymentCore
import Storage
import StorageSQL

/// The write connection and its group commit: concurrent writes share one
/// `BEGIN IMMEDIATE … COMMIT`, so one fsync makes many of them durable.
///
/// Writers take turns in arrival order. The one whose turn it is runs its body on its own task,
/// inside a `SAVEPOINT` of the open transaction (beginning one if none is open): a body that
/// throws is rolled back to its savepoint, leaving no trace while the rest of the group stays.
/// If others are waiting and the group holds fewer than `groupLimit` (64) bodies, the turn passes
/// to the next, which joins the same transaction; otherwise this writer commits the group on
/// NIO's thread pool (the fsync never blocks Swift's cooperative threads) and answers every
/// member with the commit's outcome. Writes arriving meanwhile queue and form the next group.
/// No caller is answered before the COMMIT that holds its write succeeded; if it fails, every
/// member gets the error and nothing of theirs is kept. A body must not call `write` again:
/// it would wait for its own turn.
final class SQLiteWriter: Sendable {
    /// The most bodies one transaction takes before it is committed, unless told otherwise.
    static let defaultGroupLimit = 64

    /// This writer's limit (1: every write commits alone, as benchmarks compare).
    let groupLimit: Int

    /// The connection; outside this type only tests touch it (raw SQL while no write runs).
    let handle: SQLiteHandle
    private let turns = SQLiteTurns()
    private let state = LockedBox(State())

    private struct State {
        var group: Group?
        var isClosed = false
        var observer: (@Sendable (Int) -> Void)?
        var failNextCommit = false
    }

    /// The open transaction: how many bodies ran in it, how many of them wrote, and the
    /// writers waiting for its COMMIT.
    private struct Group {
        var bodies = 0
        var writes = 0
        var members: [CheckedContinuation<Void, any Error>] = []
    }

    init(handle: SQLiteHandle, groupLimit: Int = SQLiteWriter.defaultGroupLimit) {
        precondition(groupLimit > 0, "a group holds at least one write")
        self.handle = handle
        self.groupLimit = groupLimit
    }

    /// Called after each successful group commit with the number of writes it made durable.
    func observeGroupCommits(_ observer: @escaping @Sendable (Int) -> Void) {
        state.withLock { $0.observer = observer }
    }

    /// Test hook: the next COMMIT fails and SQLite rolls its group back.
    func failNextCommit() {
        state.withLock { $0.failNextCommit = true }
    }

    /// Writers waiting for their turn (tests wait for a queue to form).
    var queuedWriters: Int {
        turns.waiting
    }

    func write<T: Sendable>(_ body: (SQLiteSession) async throws -> T) async throws -> T {
        await turns.take()
        do {
            try beginGroupIfNone()
        } catch {
            turns.pass()
            throw error
        }
        let outcome = await handle.inSavepoint(body)
        if !handle.inTransaction {
            // SQLite rolled the whole transaction back (a full disk, an I/O error): every write
            // of the group is gone, so every member hears of it.
            let lost = StoreError.unavailable("SQLite rolled the transaction back: \(outcome.failure.map { "\($0)" } ?? "unknown reason")")
            let group = state.withLock { state in defer { state.group = nil }; return state.group }
            for member in group?.members ?? [] { member.resume(throwing: lost) }
            turns.pass()
            if case .failure(let error) = outcome { throw error }
            throw lost
        }
        let bodies = state.withLock { state -> Int in
            state.group?.bodies += 1
            if case .success = outcome { state.group?.writes += 1 }
            return state.group?.bodies ?? 0
        }
        // A writer that arrives just after this look waits for the COMMIT and starts the next group.
        let joinNext = turns.waiting > 0 && bodies < groupLimit
        switch (outcome, joinNext) {
        case (.failure(let error), true):
            turns.pass()
            throw error
        case (.failure(let error), false):
            _ = await commitGroup()
            turns.pass()
            throw error
        case (.success(let value), true):
            try await withCheckedThrowingContinuation { (member: CheckedContinuation<Void, any Error>) in
                state.withLock { $0.group?.members.append(member) }
                turns.pass()
            }
            return value
        case (.success(let value), false):
            let committed = await commitGroup()
            turns.pass()
            try committed.get()
            return value
        }
    }

    /// Runs `work` on the write connection outside any transaction (pragmas), after the open
    /// group, if any, committed.
    func withConnection<T>(_ work: (SQLiteHandle) throws -> T) async throws -> T {
        await turns.take()
        defer { turns.pass() }
        _ = await commitGroup()
        guard !state.withLock({ $0.isClosed }) else { throw StoreError.unavailable("the store is closed") }
        return try work(handle)
    }

    /// Waits for the writes in progress (their group commits), then closes the connection.
    func close() async {
        await turns.take()
        defer { turns.pass() }
        _ = await commitGroup()
        guard !state.withLock({ state in defer { state.isClosed = true }; return state.isClosed }) else { return }
        let handle = handle
        _ = try? await SQLiteBlocking.run { handle.close() }
    }

    private func beginGroupIfNone() throws {
        let (isClosed, isOpen) = state.withLock { ($0.isClosed, $0.group != nil) }
        guard !isClosed else { throw StoreError.unavailable("the store is closed") }
        guard !isOpen else { return }
        // Inline: taking SQLite's write lock is immediate unless another process writes to the
        // file, which a gateway's database never has (busy_timeout bounds the wait then).
        try handle.run("BEGIN IMMEDIATE")
        state.withLock { $0.group = Group() }
    }

    /// Commits the open group, if any, on NIO's thread pool and answers its waiting members.
    private func commitGroup() async -> Result<Void, any Error> {
        let taken = state.withLock { state -> (group: Group, observer: (@Sendable (Int) -> Void)?, fail: Bool)? in
            guard let group = state.group else { return nil }
            state.group = nil
            let fail = state.failNextCommit && group.writes > 0
            if fail { state.failNextCommit = false }
            return (group, state.observer, fail)
        }
        guard let taken else { return .success(()) }
        let (group, observer, failCommit) = (taken.group, taken.observer, taken.fail)
        let result: Result<Void, any Error>
        if group.writes == 0 {
            // Every body of the group threw: nothing to make durable.
            result = Result { try handle.run("ROLLBACK") }
        } else {
            let handle = handle
            do {
                try await SQLiteBlocking.run {
                    if failCommit { handle.failNextCommit() }
                    defer { if failCommit { handle.removeCommitHook() } }
                    do {
                        try handle.run("COMMIT")
                    } catch {
                        if handle.inTransaction { try? handle.run("ROLLBACK") }
                        throw error
                    }
                }
                result = .success(())
                observer?(group.writes)
            } catch {
                // The thread pool had stopped and never ran the COMMIT: nothing may stay open.
                if handle.inTransaction { try? handle.run("ROLLBACK") }
                result = .failure(error)
            }
        }
        for member in group.members { member.resume(with: result) }
        return result
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
