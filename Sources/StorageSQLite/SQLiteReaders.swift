import Foundation
import PaymentCore
import Storage

/// The read connections (`query_only`): each `read` takes a free one for one read transaction
/// (`BEGIN … COMMIT`), so a page and its total come from one snapshot; in WAL mode it sees the
/// last committed data while writes go on. Statements run inline on the reading task, through
/// each connection's statement cache. Reads beyond the pool's size wait for a connection in
/// arrival order.
final class SQLiteReaders: Sendable {
    private let handles: [SQLiteHandle]
    private let state: LockedBox<State>

    private struct State {
        var free: [SQLiteHandle]
        var waiting: [CheckedContinuation<SQLiteHandle?, Never>] = []
        var isClosed = false
        var allReturned: CheckedContinuation<Void, Never>?
    }

    init(_ handles: [SQLiteHandle]) {
        precondition(!handles.isEmpty, "a store needs a read connection")
        self.handles = handles
        state = LockedBox(State(free: handles))
    }

    /// The first connection, for tests' raw SQL.
    var first: SQLiteHandle { handles[0] }
    /// Every read connection (tests record what they run).
    var all: [SQLiteHandle] { handles }

    func read<T: Sendable>(_ body: (SQLiteSession) async throws -> T) async throws -> T {
        try await withConnection { handle in
            try handle.run("BEGIN")
            let session = SQLiteSession(handle: handle)
            do {
                let value = try await body(session)
                session.close()
                try handle.run("COMMIT")
                return value
            } catch {
                session.close()
                if handle.inTransaction { try? handle.run("ROLLBACK") }
                throw error
            }
        }
    }

    /// Runs `work` with a connection of its own.
    func withConnection<T>(_ work: (SQLiteHandle) async throws -> T) async throws -> T {
        guard let handle = await take() else { throw StoreError.unavailable("the store is closed") }
        defer { give(handle) }
        return try await work(handle)
    }

    /// Waits for the reads in progress to give their connections back, then closes them all.
    func close() async {
        let waiting = state.withLock { state -> [CheckedContinuation<SQLiteHandle?, Never>] in
            state.isClosed = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for waiter in waiting { waiter.resume(returning: nil) }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let returned = state.withLock { state -> Bool in
                guard state.free.count < handles.count else { return true }
                state.allReturned = done
                return false
            }
            if returned { done.resume() }
        }
        let all = handles
        _ = try? await SQLiteBlocking.run {
            for handle in all { handle.close() }
        }
    }

    private func take() async -> SQLiteHandle? {
        await withCheckedContinuation { (waiter: CheckedContinuation<SQLiteHandle?, Never>) in
            let now = state.withLock { state -> (handle: SQLiteHandle?, ready: Bool) in
                if state.isClosed { return (nil, true) }
                if let handle = state.free.popLast() { return (handle, true) }
                state.waiting.append(waiter)
                return (nil, false)
            }
            if now.ready { waiter.resume(returning: now.handle) }
        }
    }

    private func give(_ handle: SQLiteHandle) {
        let (waiter, done) = state.withLock { state -> (CheckedContinuation<SQLiteHandle?, Never>?, CheckedContinuation<Void, Never>?) in
            if !state.waiting.isEmpty { return (state.waiting.removeFirst(), nil) }
            state.free.append(handle)
            guard state.isClosed, state.free.count == handles.count else { return (nil, nil) }
            defer { state.allReturned = nil }
            return (nil, state.allReturned)
        }
        waiter?.resume(returning: handle)
        done?.resume()
    }
}
