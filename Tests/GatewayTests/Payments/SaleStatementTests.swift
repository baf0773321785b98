import Foundation
@testable import Gateway
import GatewayAPI
import Logging
@testable import StorageSQLite
import Testing

/// What one keyed sale costs the database: the merchant, its webhook endpoints and the open
/// batch come from memory or a one-column read, and the answer needs no read transaction.
@Suite("A keyed sale's statements")
struct SaleStatementTests {
    /// The sale's statements that do the work: not the transaction control around them, nor
    /// the background jobs' polls that may land meanwhile (the webhook worker's claim, the heartbeat).
    static func work(_ statements: [String]) -> [String] {
        ours(statements).filter { sql in !["BEGIN", "SAVEPOINT", "RELEASE", "COMMIT", "ROLLBACK"].contains { sql.hasPrefix($0) } }
    }

    /// Without the background jobs' statements.
    static func ours(_ statements: [String]) -> [String] {
        statements.filter { sql in
            !["FROM webhook_deliveries", "gateway_instances", "pending_reversals", "DELETE FROM"].contains { sql.contains($0) }
        }
    }

    /// Runs `warmUp` (which opens the batch and fills the cache), then `measured`, against a
    /// gateway on a fresh SQLite file; returns what `measured` ran on the write connection
    /// (``work(_:)``) and on the read connections, and which of those SQLite prepared again.
    static func statements(
        warmUp: @escaping @Sendable (TestSession) async throws -> Void, measured: @escaping @Sendable (TestSession) async throws -> Void
    ) async throws -> (written: [String], read: [String], reprepared: [String]) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tapline-statements-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file + suffix) } }
        var logger = Logger(label: "test")
        logger.logLevel = .warning
        let store = try await SQLiteStore.open(path: file, logger: logger)
        let harness = try await GatewayHarness.make(store: store)
        let recorded = try await harness.test { (session: TestSession) async throws -> ([String], [String], [String]) in
            try await warmUp(session)
            store.writeConnection.recordStatements()
            for reader in store.readers.all { reader.recordStatements() }
            try await measured(session)
            let connections = [store.writeConnection] + store.readers.all
            return (
                work(store.writeConnection.recordedStatements ?? []), store.readers.all.flatMap { $0.recordedStatements ?? [] },
                ours(connections.flatMap { $0.recordedReprepares ?? [] })
            )
        }
        try await store.close()
        return recorded
    }

    @Test func aKeyedSaleRunsSevenStatementsOnTheWriteConnectionAndNoneOnTheReaders() async throws {
        let (written, read, reprepared) = try await Self.statements(warmUp: { _ = try await $0.pay(amount: 1_000) }) { (session: TestSession) async throws in
            #expect(try await session.pay(amount: 1_200).status == .captured)
        }
        // Phase 1: the merchant's cache token, the payment, its `created` event. Phase 3: the
        // payment (locked) with the token in the same statement, the open batch's id, the
        // payment again, its `captured` event.
        #expect(written.count == 7, "\(written.joined(separator: "\n"))")
        #expect(written.filter { $0.contains("FROM merchants") || $0.contains("FROM webhook_endpoints") } == [])
        #expect(read == [])
        // Each statement runs as prepared the first time (a plan that depends on a bound value,
        // such as ORDER BY … LIMIT on the open batch, would be compiled again on every sale).
        #expect(reprepared == [])
    }

    @Test func aKeyedSaleWithAnIdempotencyKeyRunsElevenStatementsOnTheWriteConnection() async throws {
        let (written, read, reprepared) = try await Self.statements(warmUp: { _ = try await $0.pay(key: "first") }) { (session: TestSession) async throws in
            #expect(try await session.pay(key: "second").status == .captured)
        }
        // The sale's seven, and the key: looked up and claimed, linked to the payment, its
        // answer kept (one UPDATE each).
        #expect(written.count == 11, "\(written.joined(separator: "\n"))")
        #expect(read == [])
        #expect(reprepared == [])
    }
}
