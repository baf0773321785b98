import Foundation
import PaymentCore

/// What callers hand the writer's task.
enum SQLiteWriteJob: Sendable {
    /// A write: its body runs in a savepoint of the open group.
    case write(SQLiteWriteBody)
    /// Work on the connection outside any transaction (pragmas), once the open group committed.
    case connection(@Sendable (SQLiteHandle) -> Void)
    /// The last job: the connection closes, then `done` is called.
    case close(done: @Sendable () -> Void)
}

/// The jobs waiting for the writer's task, first come, first served. Unlike an `AsyncStream`
/// it tells how many wait and lets the writer look at the next one without waiting, so the
/// writer can tell whether anyone would join its group.
final class SQLiteWriteQueue: Sendable {
    private let state = LockedBox(State())

    private struct State {
        var jobs: [SQLiteWriteJob] = []
        var isClosed = false
        /// The writer's task, while it waits for a job.
        var sleeper: CheckedContinuation<SQLiteWriteJob, Never>?
    }

    /// How many jobs wait (not counting the one running).
    var waiting: Int {
        state.withLock { $0.jobs.count }
    }

    /// Queues `job`; false (and nothing queued) once the queue has taken its close.
    func submit(_ job: SQLiteWriteJob) -> Bool {
        let (accepted, sleeper) = state.withLock { state -> (Bool, CheckedContinuation<SQLiteWriteJob, Never>?) in
            guard !state.isClosed else { return (false, nil) }
            if case .close = job { state.isClosed = true }
            if let sleeper = state.sleeper {
                state.sleeper = nil
                return (true, sleeper)
            }
            state.jobs.append(job)
            return (true, nil)
        }
        sleeper?.resume(returning: job)
        return accepted
    }

    /// The next job, waiting for one if none is queued. Only the writer's task calls it.
    func next() async -> SQLiteWriteJob {
        if let job = state.withLock({ $0.jobs.isEmpty ? nil : $0.jobs.removeFirst() }) { return job }
        return await withCheckedContinuation { (sleeper: CheckedContinuation<SQLiteWriteJob, Never>) in
            let job = state.withLock { state -> SQLiteWriteJob? in
                guard !state.jobs.isEmpty else {
                    state.sleeper = sleeper
                    return nil
                }
                return state.jobs.removeFirst()
            }
            if let job { sleeper.resume(returning: job) }
        }
    }

    /// The next job if it is a write, without waiting: what may join the open group.
    func nextWrite() -> SQLiteWriteBody? {
        state.withLock { state in
            guard case .write(let body)? = state.jobs.first else { return nil }
            state.jobs.removeFirst()
            return body
        }
    }
}
