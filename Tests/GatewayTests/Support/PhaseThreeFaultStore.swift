import Foundation
import PaymentCore
import Storage
import TestSupport

/// A store that loses its connection in the middle of phase 3, as a database connection
/// killed then does: the write that records a processor's answer (a write that takes an
/// operation out of `pending`) fails with ``StoreError/unavailable(_:)``, which is what the
/// PostgreSQL store reports for a dead connection. Each ``arm(_:)`` fails the next such
/// write once; every other write and read goes through untouched.
final class PhaseThreeFaultStore: Store {
    enum Loss: Sendable {
        /// The connection dies before COMMIT: the write is rolled back.
        case beforeCommit
        /// The connection dies after COMMIT, before its answer arrives: the write is kept,
        /// the caller sees the failure all the same.
        case afterCommit
    }

    let inner: any Store
    private let armed = Locked<[Loss]>([])
    private let tripped = Locked(0)

    init(_ inner: any Store) { self.inner = inner }

    /// Fails the next phase 3 write (after the losses already armed) with `loss`.
    func arm(_ loss: Loss) { armed.withLock { $0.append(loss) } }

    /// How many phase 3 writes failed so far.
    var failures: Int { tripped.withLock { $0 } }

    func write<T: Sendable>(_ body: @Sendable (any StoreWriter) async throws -> T) async throws -> T {
        guard armed.withLock({ !$0.isEmpty }) else { return try await inner.write(body) }
        let loss = Locked<Loss?>(nil)
        let result = try await inner.write { writer in
            let before = try await Self.pendingIds(writer)
            let result = try await body(writer)
            // Phase 3 (or recovery) is the write after which a row that was pending is not.
            guard !before.subtracting(try await Self.pendingIds(writer)).isEmpty,
                  let taken = self.takeArmed() else { return result }
            if taken == .beforeCommit { throw StoreError.unavailable("connection reset by peer (injected before COMMIT)") }
            loss.withLock { $0 = taken }
            return result
        }
        if loss.withLock({ $0 }) != nil { throw StoreError.unavailable("connection reset by peer (injected after COMMIT)") }
        return result
    }

    func read<T: Sendable>(_ body: @Sendable (any StoreReader) async throws -> T) async throws -> T {
        try await inner.read(body)
    }

    func close() async throws { try await inner.close() }

    private func takeArmed() -> Loss? {
        let loss = armed.withLock { $0.isEmpty ? nil : $0.removeFirst() }
        if loss != nil { tripped.withLock { $0 += 1 } }
        return loss
    }

    private static func pendingIds(_ reader: any StoreReader) async throws -> Set<String> {
        Set(try await reader.pendingTransactions(updatedBefore: .distantFuture).map(\.id))
    }
}
