import Foundation
import PaymentCore
import Storage
import StorageSQL

/// The write connection and its group commit: concurrent writes share one
/// `BEGIN IMMEDIATE … COMMIT`, so one fsync makes many of them durable.
///
/// One task, the writer's own, runs every write in arrival order: a caller queues its body and
/// waits. Each body runs inside a `SAVEPOINT` of the open transaction (beginning one if none is
/// open): a body that throws is rolled back to its savepoint and its caller hears at once,
/// while the rest of the group stays. While more writes wait and the group holds fewer than
/// `groupLimit` (64) bodies, the next runs in the same transaction; then `beforeCommit` does
/// what the group's writes left for its end (the search index, ``SQLiteSearchIndex``) in a
/// savepoint of its own, and the writer commits on
/// NIO's thread pool (the fsync never blocks Swift's cooperative threads) and answers every
/// member with the commit's outcome. No caller is answered before the COMMIT that holds its
/// write succeeded; if it fails, every member gets the error and nothing of theirs is kept.
///
/// Why one task rather than callers taking turns: a turn passed to the next caller waits for
/// that caller's task to be scheduled again, while the connection sits idle; the writer's task
/// goes straight from one body to the next. Bodies therefore run on the writer's task, not
/// their caller's (task-local values are not seen), and a body must not call `write` again: it
/// would wait for itself.
final class SQLiteWriter: Sendable {
    /// The most bodies one transaction takes before it is committed, unless told otherwise.
    static let defaultGroupLimit = 64

    /// This writer's limit (1: every write commits alone, as benchmarks compare).
    let groupLimit: Int

    /// The connection; outside this type only tests touch it (raw SQL while no write runs).
    let handle: SQLiteHandle
    private let beforeCommit: (@Sendable (SQLiteHandle) throws -> Void)?
    private let queue = SQLiteWriteQueue()
    private let hooks = LockedBox(Hooks())

    private struct Hooks {
        var observer: (@Sendable (Int) -> Void)?
        var failNextCommit = false
    }

    /// `beforeCommit` runs once per group after its last write; when it throws, only its own
    /// changes are rolled back and the group commits without them.
    init(
        handle: SQLiteHandle, groupLimit: Int = SQLiteWriter.defaultGroupLimit,
        beforeCommit: (@Sendable (SQLiteHandle) throws -> Void)? = nil
    ) {
        precondition(groupLimit > 0, "a group holds at least one write")
        self.handle = handle
        self.groupLimit = groupLimit
        self.beforeCommit = beforeCommit
        Task { await self.run() }
    }

    /// Called after each successful group commit with the number of writes it made durable.
    func observeGroupCommits(_ observer: @escaping @Sendable (Int) -> Void) {
        hooks.withLock { $0.observer = observer }
    }

    /// Test hook: the next COMMIT fails and SQLite rolls its group back.
    func failNextCommit() {
        hooks.withLock { $0.failNextCommit = true }
    }

    /// Writes waiting for the writer (tests wait for a queue to form).
    var queuedWriters: Int {
        queue.waiting
    }

    func write<T: Sendable>(_ body: @Sendable (SQLiteSession) async throws -> T) async throws -> T {
        try await withoutActuallyEscaping(body) { body in
            try await withCheckedThrowingContinuation { (caller: CheckedContinuation<T, any Error>) in
                let job = SQLiteWriteBody(
                    work: { handle in
                        switch await handle.inSavepoint(body) {
                        case .success(let value): return .wrote { committed in caller.resume(with: committed.map { value }) }
                        case .failure(let error): return .failed { caller.resume(throwing: error) }
                        }
                    },
                    refusal: { error in caller.resume(throwing: error) })
                if !queue.submit(.write(job)) { job.refuse(StoreError.unavailable("the store is closed")) }
            }
        }
    }

    /// Runs `work` on the write connection outside any transaction (pragmas), after the open
    /// group, if any, committed.
    func withConnection<T: Sendable>(_ work: @escaping @Sendable (SQLiteHandle) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (caller: CheckedContinuation<T, any Error>) in
            let accepted = queue.submit(.connection { handle in caller.resume(with: Result { try work(handle) }) })
            if !accepted { caller.resume(throwing: StoreError.unavailable("the store is closed")) }
        }
    }

    /// Copies the WAL into the database file on the write connection, between two groups, then
    /// calls `done` (``SQLiteCheckpointer``: the next group then starts the WAL over). A
    /// checkpoint another connection is running makes this one give up at once.
    func checkpointBetweenGroups(then done: @escaping @Sendable () -> Void) {
        let accepted = queue.submit(.connection { handle in
            _ = try? SQLiteCheckpoint.passive(on: handle)
            done()
        })
        if !accepted { done() }
    }

    /// Waits for the writes queued before it (their group commits), then closes the connection.
    func close() async {
        await withCheckedContinuation { (caller: CheckedContinuation<Void, Never>) in
            // Refused when another close came first: that one closes the connection.
            if !queue.submit(.close(done: { caller.resume() })) { caller.resume() }
        }
    }

    /// The writer's task: takes jobs one by one until the queue's close.
    private func run() async {
        while true {
            switch await queue.next() {
            case .write(let first): await runGroup(startingWith: first)
            case .connection(let work): work(handle)
            case .close(let done):
                let handle = handle
                _ = try? await SQLiteBlocking.run { handle.close() }
                done()
                return
            }
        }
    }

    /// Runs `first` and the writes queued behind it in one transaction, commits it and answers them.
    private func runGroup(startingWith first: SQLiteWriteBody) async {
        do {
            // Inline: taking SQLite's write lock is immediate unless another process writes to
            // the file, which a gateway's database never has (busy_timeout bounds the wait then).
            try handle.run("BEGIN IMMEDIATE")
        } catch {
            first.refuse(error)
            return
        }
        var members: [@Sendable (Result<Void, any Error>) -> Void] = []
        var bodies = 0
        var next: SQLiteWriteBody? = first
        while let body = next {
            let answer = await body.run(on: handle)
            bodies += 1
            // A body that threw hears its own error at once, whatever became of the group.
            if case .failed(let tell) = answer { tell() }
            if case .wrote(let finish) = answer { members.append(finish) }
            if !handle.inTransaction {
                // SQLite rolled the whole transaction back (a full disk, an I/O error): every
                // write of the group is gone, so every member hears of it.
                let lost = StoreError.unavailable("SQLite rolled the transaction back")
                for member in members { member(.failure(lost)) }
                return
            }
            next = bodies < groupLimit ? queue.nextWrite() : nil
        }
        if !members.isEmpty { finishGroup() }
        let committed = await commit(writes: members.count)
        for member in members { member(committed) }
    }

    /// Runs `beforeCommit` in a savepoint: undone alone when it fails, so the members' writes
    /// still commit (what it left undone waits for the next group). Should SQLite roll the whole
    /// transaction back instead, the COMMIT fails and every member hears of it.
    private func finishGroup() {
        guard let beforeCommit, (try? handle.run("SAVEPOINT tapline_group_end")) != nil else { return }
        do {
            try beforeCommit(handle)
            try handle.run("RELEASE tapline_group_end")
        } catch {
            guard handle.inTransaction else { return }
            try? handle.run("ROLLBACK TO tapline_group_end")
            try? handle.run("RELEASE tapline_group_end")
        }
    }

    /// Commits the open transaction on NIO's thread pool (or rolls it back when every body threw).
    private func commit(writes: Int) async -> Result<Void, any Error> {
        let handle = handle
        guard writes > 0 else { return Result { try handle.run("ROLLBACK") } }
        let (observer, failCommit) = hooks.withLock { hooks in
            defer { hooks.failNextCommit = false }
            return (hooks.observer, hooks.failNextCommit)
        }
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
        } catch {
            // The thread pool had stopped and never ran the COMMIT: nothing may stay open.
            if handle.inTransaction { try? handle.run("ROLLBACK") }
            return .failure(error)
        }
        observer?(writes)
        return .success(())
    }
}
