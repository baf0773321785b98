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

    /// Without the background jobs' statements, nor each group's end: the search index's
    /// catch-up (`SQLiteSearchIndex`), once per group commit whatever number of writes it holds.
    static func ours(_ statements: [String]) -> [String] {
        var atGroupEnd = false
        return statements.filter { sql in
            if sql == "SAVEPOINT tapline_group_end" { atGroupEnd = true }
            defer { if sql == "RELEASE tapline_group_end" { atGroupEnd = false } }
            return !atGroupEnd
                && !["FROM webhook_deliveries", "gateway_instances", "pending_reversals", "DELETE FROM"].contains { sql.contains($0) }
        }
    }

    /// The work of each write, one SAVEPOINT of its group's transaction.
    static func writes(_ statements: [String]) -> [[String]] {
        var writes: [[String]] = []
        for sql in ours(statements) {
            if sql.hasPrefix("SAVEPOINT") {
                writes.append([])
            } else if !work([sql]).isEmpty, !writes.isEmpty {
                writes[writes.count - 1].append(sql)
            }
        }
        return writes.filter { !$0.isEmpty }
    }

    /// Whether `writes` are keyed operations' phases, two by two, each key made first thing
    /// in phase 1 and given its answer last thing in phase 3: no write of its own.
    static func keysRideOnThePhases(_ writes: [[String]]) -> Bool {
        writes.count.isMultiple(of: 2) && stride(from: 0, to: writes.count, by: 2).allSatisfy { phase in
            writes[phase].first?.hasPrefix("INSERT INTO idempotency_keys") == true
                && writes[phase + 1].last?.hasPrefix("UPDATE idempotency_keys") == true
                && writes[phase + 1].contains { $0.hasPrefix("UPDATE transactions") }
        }
    }

    /// Runs `warmUp` (which opens the batch and fills the cache), then `measured`, against a
    /// gateway on a fresh SQLite file; returns what `measured` ran on the write connection
    /// (``work(_:)``) and on the read connections, and which of those SQLite prepared again.
    static func statements(
        warmUp: @escaping @Sendable (TestSession) async throws -> Void, measured: @escaping @Sendable (TestSession) async throws -> Void
    ) async throws -> (written: [String], read: [String], reprepared: [String], writes: [[String]]) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tapline-statements-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file + suffix) } }
        var logger = Logger(label: "test")
        logger.logLevel = .warning
        let store = try await SQLiteStore.open(path: file, logger: logger)
        let harness = try await GatewayHarness.make(store: store)
        let recorded = try await harness.test { (session: TestSession) async throws -> ([String], [String], [String], [[String]]) in
            try await warmUp(session)
            store.writeConnection.recordStatements()
            for reader in store.readers.all { reader.recordStatements() }
            try await measured(session)
            let connections = [store.writeConnection] + store.readers.all
            return (
                work(store.writeConnection.recordedStatements ?? []), store.readers.all.flatMap { $0.recordedStatements ?? [] },
                ours(connections.flatMap { $0.recordedReprepares ?? [] }),
                writes(store.writeConnection.recordedStatements ?? [])
            )
        }
        try await store.close()
        return recorded
    }

    @Test func aKeyedSaleRunsSixStatementsOnTheWriteConnectionAndNoneOnTheReaders() async throws {
        let (written, read, reprepared, writes) = try await Self.statements(warmUp: { _ = try await $0.pay(amount: 1_000) }) { (session: TestSession) async throws in
            #expect(try await session.pay(amount: 1_200).status == .captured)
        }
        // Phase 1: the merchant's cache token, the payment, its `created` event. Phase 3: the
        // payment (locked) with the token and the open batch's id in the same statement, the
        // payment again, its `captured` event.
        #expect(written.count == 6, "\(written.joined(separator: "\n"))")
        #expect(!written.contains { $0.hasPrefix("SELECT id FROM batches") }, "\(written)")
        #expect(writes.count == 2, "\(writes)")
        // Phase 3 sets what the answer changed, not the columns most indexes are made of.
        let finish = written.first { $0.hasPrefix("UPDATE transactions SET status = ?") }
        #expect(finish.map { !$0.contains("merchant_id = ?,") && !$0.contains("created_at") && !$0.contains("reference_id") } == true, "\(written)")
        #expect(written.filter { $0.contains("FROM merchants") || $0.contains("FROM webhook_endpoints") } == [])
        #expect(read == [])
        // Each statement runs as prepared the first time (a plan that depends on a bound value,
        // such as ORDER BY … LIMIT on the open batch, would be compiled again on every sale).
        #expect(reprepared == [])
    }

    @Test func aKeyedSaleWithAnIdempotencyKeyAddsTwoStatementsToItsPhasesAndOneLook() async throws {
        let (written, read, reprepared, writes) = try await Self.statements(warmUp: { _ = try await $0.pay(key: "first") }) { (session: TestSession) async throws in
            #expect(try await session.pay(key: "second").status == .captured)
        }
        // The sale's six, and the key: made in phase 1 (one INSERT) and given its answer in
        // phase 3 (one UPDATE), so the key adds no write of its own.
        #expect(written.count == 8, "\(written.joined(separator: "\n"))")
        #expect(Self.keysRideOnThePhases(writes), "\(writes)")
        // Before the handler, one look on a reader: is the key free?
        let looks = read.filter { $0.hasPrefix("SELECT") }
        #expect(looks.count == 1 && looks.allSatisfy { $0.contains("FROM idempotency_keys") }, "\(read)")
        #expect(reprepared == [])
    }

    /// A capture and a Halo tap (whose key is made from its body) keep their answers in
    /// phase 3 too: the key is one INSERT and one UPDATE in the phases' writes.
    @Test func aKeyedCaptureAndAHaloTapMakeAndAnswerTheirKeysInTheirPhases() async throws {
        // The warm-up's capture opens the batch: the first to join one finds its id in the write.
        let capture = try await Self.statements(warmUp: { session in
            let hold = try await session.pay("authorization")
            #expect(try await session.followUp(hold.id, .capture).status == 201)
        }) { (session: TestSession) async throws in
            let hold = try await session.pay("authorization", key: "hold")
            let reply = try await session.send(.post, APIPath.followUp(hold.id, .capture), headers: [IdempotentAnswerRouteTests.key: "capture"])
            #expect(reply.status == 201, "\(reply.text)")
        }
        #expect(capture.writes.count == 4 && Self.keysRideOnThePhases(capture.writes), "\(capture.writes)")
        let tap = try await Self.statements(warmUp: { session in
            try await session.activateDevice()
            _ = try await session.apple(try session.tap(amount: 1_000), reference: "WARM")
        }) { (session: TestSession) async throws in
            #expect(try await session.apple(try session.tap(amount: 1_200), reference: "ORDER-12").halo?.type == "Approved")
        }
        #expect(tap.writes.count == 2 && Self.keysRideOnThePhases(tap.writes), "\(tap.writes)")
    }
}
