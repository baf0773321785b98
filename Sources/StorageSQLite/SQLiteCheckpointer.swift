import Foundation
import PaymentCore
import Storage

/// Checkpoints the WAL on a connection of its own, so the writer's COMMIT never does.
///
/// SQLite's own autocheckpoint runs inside the COMMIT that takes the WAL past 1,000 pages:
/// that COMMIT then copies the pages into the database file and fsyncs it, several
/// milliseconds during which no write runs and the group's callers wait (seen with strace as
/// one COMMIT in twelve fsyncing the database file as well). Instead the write connection's
/// WAL hook (``SQLiteHandle/handWALCheckpoints(to:)``) tells this checkpointer how big the WAL
/// is after each commit, and past ``startPages`` it runs a `PASSIVE` checkpoint on NIO's
/// thread pool while writes go on. `PASSIVE` waits for no one: it copies what no reader
/// still needs, and the WAL starts over once everything is copied. One checkpoint runs at a
/// time; a commit while one runs asks for another when it ends.
final class SQLiteCheckpointer: Sendable {
    /// WAL pages from which a checkpoint starts: SQLite's own autocheckpoint threshold.
    static let startPages = 1_000

    private let handle: SQLiteHandle
    private let state = LockedBox(State())

    private struct State {
        var isRunning = false
        var isWanted = false
        var isClosed = false
        var closed: CheckedContinuation<Void, Never>?
        var observer: (@Sendable (Result<SQLiteCheckpoint, any Error>) -> Void)?
    }

    init(handle: SQLiteHandle) {
        self.handle = handle
    }

    /// Called after each checkpoint with what it did, or why it failed (tests, diagnostics).
    func observe(_ observer: @escaping @Sendable (Result<SQLiteCheckpoint, any Error>) -> Void) {
        state.withLock { $0.observer = observer }
    }

    /// The write connection committed and its WAL now holds `pages` pages. Called on the
    /// thread that committed: it only starts a checkpoint, never waits for one.
    func walGrew(to pages: Int) {
        guard pages >= Self.startPages else { return }
        let start = state.withLock { state -> Bool in
            guard !state.isClosed else { return false }
            guard !state.isRunning else {
                state.isWanted = true
                return false
            }
            state.isRunning = true
            return true
        }
        if start { Task { await self.run() } }
    }

    /// Waits for a checkpoint in progress, then closes the connection (the last one to close
    /// checkpoints the WAL and removes it).
    func close() async {
        await withCheckedContinuation { (closed: CheckedContinuation<Void, Never>) in
            let running = state.withLock { state -> Bool in
                state.isClosed = true
                if state.isRunning { state.closed = closed }
                return state.isRunning
            }
            if !running { closed.resume() }
        }
        let handle = handle
        _ = try? await SQLiteBlocking.run { handle.close() }
    }

    private func run() async {
        while true {
            let handle = handle
            let outcome: Result<SQLiteCheckpoint, any Error>
            do {
                outcome = .success(try await SQLiteBlocking.run { try SQLiteCheckpoint.passive(on: handle) })
            } catch {
                // Tried again after the next commit; until then the WAL grows, as it would
                // behind a long read.
                outcome = .failure(error)
            }
            let (again, observer, closed) = state.withLock { state in
                let again = state.isWanted && !state.isClosed
                (state.isWanted, state.isRunning) = (false, again)
                let closed = again ? nil : state.closed
                if !again { state.closed = nil }
                return (again, state.observer, closed)
            }
            observer?(outcome)
            guard again else {
                closed?.resume()
                return
            }
        }
    }
}

/// What one `PRAGMA wal_checkpoint(PASSIVE)` reported.
struct SQLiteCheckpoint: Sendable, Equatable {
    /// Pages in the WAL.
    var walPages: Int
    /// Of those, pages now copied into the database file.
    var checkpointedPages: Int

    static func passive(on handle: SQLiteHandle) throws -> SQLiteCheckpoint {
        let row = try handle.rows("PRAGMA wal_checkpoint(PASSIVE)", [], subject: "the WAL checkpoint").first
        guard case .integer(let log)? = try row?.value("log"), case .integer(let done)? = try row?.value("checkpointed") else {
            throw StoreError.unavailable("SQLite's WAL checkpoint answered nothing")
        }
        return SQLiteCheckpoint(walPages: Int(log), checkpointedPages: Int(done))
    }
}
