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
/// is after each commit, and each time it has grown by ``startPages`` it runs a `PASSIVE`
/// checkpoint on NIO's thread pool while writes go on. `PASSIVE` waits for no one: it copies
/// what no reader still needs. One checkpoint runs at a time; a commit while one runs asks for
/// another when it ends.
///
/// The WAL starts over only when a write begins with every page of it copied, which writes
/// that never pause seldom see while the copy runs beside them: so past ``restartPages`` the
/// writer itself copies what is left, between two groups (``finishInWriter(_:)``), and the
/// group after it starts the WAL over. Checkpointing at every commit past 1,000 pages instead
/// copied the same busy pages some 70 times a second, each time with the database file's fsync.
final class SQLiteCheckpointer: Sendable {
    /// WAL pages from which a checkpoint starts, and the growth that starts the next one:
    /// SQLite's own autocheckpoint threshold.
    static let startPages = 1_000
    /// WAL pages past which the writer finishes the copy between two groups.
    static let restartPages = 4_000

    /// Asks the writer to checkpoint between two groups, then to call its argument.
    typealias FinishInWriter = @Sendable (@escaping @Sendable () -> Void) -> Void

    private let handle: SQLiteHandle
    private let state = LockedBox(State())

    private struct State {
        var isRunning = false
        var isWanted = false
        var isClosed = false
        /// WAL pages when the last checkpoint started (0 since the WAL started over).
        var startedAt = 0
        /// How the writer is asked to finish the copy, and whether it was asked already.
        var finishInWriter: FinishInWriter?
        var writerAsked = false
        var walObserver: (@Sendable (Int) -> Void)?
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

    /// Called after each commit with the pages the WAL then holds (tests).
    func observeWAL(_ observer: @escaping @Sendable (Int) -> Void) {
        state.withLock { $0.walObserver = observer }
    }

    /// How the writer copies what is left of the WAL between two groups: `finish` submits a
    /// checkpoint to run on the write connection, then calls its argument.
    func finishInWriter(_ finish: @escaping FinishInWriter) {
        state.withLock { $0.finishInWriter = finish }
    }

    /// The write connection committed and its WAL now holds `pages` pages. Called on the
    /// thread that committed: it only starts a checkpoint, never waits for one.
    func walGrew(to pages: Int) {
        let (start, finish) = state.withLock { state -> (Bool, FinishInWriter?) in
            state.walObserver?(pages)
            if pages < state.startedAt { state.startedAt = 0 }
            guard pages >= Self.startPages, !state.isClosed else { return (false, nil) }
            var finish: FinishInWriter?
            if pages >= Self.restartPages, !state.writerAsked, let finishInWriter = state.finishInWriter {
                state.writerAsked = true
                finish = finishInWriter
            }
            guard pages - state.startedAt >= Self.startPages else { return (false, finish) }
            state.startedAt = pages
            guard !state.isRunning else {
                state.isWanted = true
                return (false, finish)
            }
            state.isRunning = true
            return (true, finish)
        }
        finish? { [self] in state.withLock { $0.writerAsked = false } }
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
