import Foundation
@testable import Gateway
import GatewayAPI
@testable import StoragePostgres
import Testing
import TestSupport

/// What one keyed sale costs on PostgreSQL: every statement is a round trip (BEGIN and COMMIT
/// too), and the sale's task waits for only some of them; the others (BEGIN, the payment's
/// rows and events) are sent without waiting, checked at the next answer waited for.
@Suite("A keyed sale's round trips on PostgreSQL", .enabled(if: TwoInstanceFleet.enabled, TwoInstanceFleet.skipped))
struct SaleRoundTripPostgresTests {
    /// Runs `warmUp` (which opens the batch and fills the cache), then `measured`, against a
    /// gateway on a fresh schema whose webhook worker stays still; returns every statement
    /// `measured` sent, in order (the jobs' and heartbeat's, which may run meanwhile, are not),
    /// and those whose answers it waited for.
    static func statements(
        warmUp: @escaping @Sendable (TestSession) async throws -> Void, measured: @escaping @Sendable (TestSession) async throws -> Void
    ) async throws -> (sent: [String], awaited: [String]) {
        let url = try #require(TwoInstanceFleet.serverURL)
        let schema = PostgresTestSchema(serverURL: url)
        try await schema.create()
        let store = try await PostgresStore.open(
            url: schema.url, poolSize: 4, logger: TwoInstanceFleet.quietLogger, connectTimeout: PostgresTestSchema.connectTimeout)
        do {
            let harness = try await GatewayHarness.make(store: store, configuration: TwoInstanceFleet.configuration)
            let recorded = try await harness.test { (session: TestSession) async throws -> (sent: [String], awaited: [String]) in
                try await warmUp(session)
                return try await store.statementLog.recordingWaits { try await measured(session) }
            }
            try await store.close()
            try await schema.remove()
            return recorded
        } catch {
            try? await store.close()
            try? await schema.remove()
            throw error
        }
    }

    @Test func aKeyedSaleIsTenRoundTripsAndFourWaits() async throws {
        let (sent, awaited) = try await Self.statements(warmUp: { _ = try await $0.pay(amount: 1_000) }) { (session: TestSession) async throws in
            #expect(try await session.pay(amount: 1_200).status == .captured)
        }
        // Phase 1: BEGIN, the merchant's cache token, the payment, its `created` event, COMMIT.
        // Phase 3: BEGIN, the payment locked with the token and the open batch's id (shared),
        // the payment again, its `captured` event, COMMIT. The merchant and its endpoints come
        // from the cache.
        #expect(sent.count == 10, "\(sent.joined(separator: "\n"))")
        #expect(sent.filter { $0 == "BEGIN" }.count == 2)
        #expect(sent.filter { $0.contains("FROM merchants") || $0.contains("FROM webhook_endpoints") } == [])
        #expect(sent.filter { $0.contains("merchant_cache_tokens") }.count == 2)
        #expect(sent.contains { $0.contains("AS open_batch_id") && $0.contains("FOR SHARE") && $0.contains("FOR UPDATE") })
        // Waited for: the token, COMMIT; the locked payment, COMMIT. The rest rides along.
        #expect(awaited.count == 4, "\(awaited.joined(separator: "\n"))")
        #expect(awaited.filter { $0 == "COMMIT" }.count == 2)
        #expect(!awaited.contains { $0.hasPrefix("BEGIN") || $0.hasPrefix("INSERT INTO transactions") || $0.hasPrefix("INSERT INTO webhook_events") })
    }

    @Test func anIdempotencyKeyAddsALookAndAStatementToEachPhase() async throws {
        let (sent, awaited) = try await Self.statements(warmUp: { _ = try await $0.pay(key: "first") }) { (session: TestSession) async throws in
            #expect(try await session.pay(key: "second").status == .captured)
        }
        // The look (one SELECT, outside any transaction: `readOne`), then the sale's ten
        // with the key made first in phase 1 and answered last in phase 3: still two write
        // transactions.
        #expect(sent.count == 13, "\(sent.joined(separator: "\n"))")
        #expect(sent.filter { $0 == "BEGIN" }.count == 2)
        #expect(sent.filter { $0.contains("idempotency_keys") }.map { String($0.prefix(6)) } == ["SELECT", "INSERT", "UPDATE"])
        // The key's INSERT is waited for (a key taken meanwhile is answered in the write); its
        // answer's UPDATE is sent.
        #expect(awaited.filter { $0.contains("idempotency_keys") }.map { String($0.prefix(6)) } == ["SELECT", "INSERT"])
        #expect(awaited.count == 6, "\(awaited.joined(separator: "\n"))")
    }
}
