import Foundation
import PaymentCore

/// A ``Store`` in memory, for tests and the demo: the same contract as the SQL stores,
/// nothing survives the process.
///
/// Writers queue on one ``AsyncLock`` and each works on a private copy of the state, which
/// replaces the committed state only when the write body returns: a throwing body leaves
/// nothing behind, and readers never see a write in progress. As in every store, a write
/// body must not call `write` again: the lock is not reentrant, so that call never returns.
public final class MemoryStore: Store {
    private let committed = LockedBox((state: MemoryStoreState(), isClosed: false))
    private let writeLock = AsyncLock()

    /// An empty store.
    public init() {}

    public func write<T: Sendable>(_ body: @Sendable (any StoreWriter) async throws -> T) async throws -> T {
        try await writeLock.withLock {
            let writer = MemoryStoreWriter(state: try self.snapshot())
            let result: T
            do {
                result = try await body(writer)
            } catch {
                _ = writer.finish()
                throw error
            }
            let changed = writer.finish()
            // `close` waits for this lock, so the store is still open here.
            self.committed.withLock { $0.state = changed }
            writer.committed.run()
            return result
        }
    }

    public func read<T: Sendable>(_ body: @Sendable (any StoreReader) async throws -> T) async throws -> T {
        try await body(MemoryStoreReader(state: try snapshot()))
    }

    public func close() async throws {
        // Waits for a write in progress, so close never cuts one in half.
        try await writeLock.withLock {
            self.committed.withLock { $0.isClosed = true }
        }
    }

    private func snapshot() throws -> MemoryStoreState {
        try committed.withLock {
            guard !$0.isClosed else { throw Self.closedError }
            return $0.state
        }
    }

    private static var closedError: StoreError { .unavailable("the store is closed") }
}
