import Foundation
import Logging
import PaymentCore
import Storage
@testable import StoragePostgres
@testable import StorageSQLite
import Testing
import TestSupport

/// A write reads its merchant and webhook endpoints from the store's cache only while they are
/// current: a change by another store on the same database (another process on the SQLite
/// file, another instance on PostgreSQL) is seen by the very next write, and a change rolled
/// back is never served.
@Suite("SQL stores' merchant cache")
struct SQLMerchantCacheTests {
    /// Two stores on one database, as two processes or instances see it: `first`, `second`.
    struct Pair: CustomTestStringConvertible, Sendable {
        let name: String
        let open: @Sendable () async throws -> (first: any Store, second: any Store, done: @Sendable () async -> Void)
        var testDescription: String { name }
    }

    static let pairs: [Pair] = [
        Pair(name: "sqlite") {
            let file = TemporaryDatabasePath()
            let first = try await SQLiteStore.open(path: file.path, logger: .quiet)
            let second = try await SQLiteStore.open(path: file.path, logger: .quiet)
            return (first, second, { try? await first.close(); try? await second.close(); file.remove() })
        },
    ] + (StoreFactories.postgresURL.map { url in
        [Pair(name: "postgres") {
            let schema = PostgresTestSchema(serverURL: url)
            try await schema.create()
            let first = try await PostgresStore.open(url: schema.url, poolSize: 2, logger: .quiet, connectTimeout: PostgresTestSchema.connectTimeout)
            let second = try await PostgresStore.open(url: schema.url, poolSize: 2, logger: .quiet, connectTimeout: PostgresTestSchema.connectTimeout)
            return (first, second, { try? await first.close(); try? await second.close(); schema.drop() })
        }]
    } ?? [])

    static func endpoint(_ id: String, deletedAt: Date? = nil) -> WebhookEndpoint {
        WebhookEndpoint(
            id: id, merchantId: "m_1", url: "https://example.com/\(id)", events: [], sealedSecret: "sealed",
            createdAt: Fixtures.epoch, deletedAt: deletedAt)
    }

    static func named(_ name: String) -> @Sendable (any StoreWriter) async throws -> Void {
        { writer in
            var merchant = try #require(try await writer.merchant(id: "m_1"))
            merchant.name = name
            try await writer.update(merchant)
        }
    }

    @Test(arguments: pairs)
    func aWriteSeesTheMerchantAnotherStoreChanged(_ pair: Pair) async throws {
        let (first, second, done) = try await pair.open()
        try await first.seed(merchants: ["m_1"])
        #expect(try await first.write { try await $0.merchant(id: "m_1")?.name } == "Merchant m_1")
        try await second.write(Self.named("Renamed elsewhere"))
        #expect(try await first.write { try await $0.merchant(id: "m_1")?.name } == "Renamed elsewhere")
        #expect(try await first.merchantAsLastWritten(id: "m_1")?.name == "Renamed elsewhere")
        await done()
    }

    @Test(arguments: pairs)
    func aWriteSeesTheEndpointsAnotherStoreChanged(_ pair: Pair) async throws {
        let (first, second, done) = try await pair.open()
        try await first.seed(merchants: ["m_1"])
        #expect(try await first.write { try await $0.webhookEndpoints(merchantId: "m_1") }.map(\.id) == [])
        try await second.write { try await $0.insert(Self.endpoint("we_1")) }
        #expect(try await first.write { try await $0.webhookEndpoints(merchantId: "m_1") }.map(\.id) == ["we_1"])
        try await second.write { try await $0.update(Self.endpoint("we_1", deletedAt: Fixtures.minutes(1))) }
        #expect(try await first.write { try await $0.webhookEndpoints(merchantId: "m_1") }.map(\.id) == [])
        await done()
    }

    @Test(arguments: pairs)
    func aChangeRolledBackIsNeverServed(_ pair: Pair) async throws {
        let (first, second, done) = try await pair.open()
        try await first.seed(merchants: ["m_1"])
        await #expect(throws: DeliberateFailure.self) {
            try await first.write { writer in
                try await Self.named("Never kept")(writer)
                // The write sees its own change, through the cache too.
                #expect(try await writer.merchant(id: "m_1")?.name == "Never kept")
                try await writer.insert(Self.endpoint("we_never"))
                #expect(try await writer.webhookEndpoints(merchantId: "m_1").map(\.id) == ["we_never"])
                throw DeliberateFailure()
            }
        }
        #expect(try await first.write { try await $0.merchant(id: "m_1")?.name } == "Merchant m_1")
        #expect(try await first.write { try await $0.webhookEndpoints(merchantId: "m_1") }.map(\.id) == [])
        try await second.write(Self.named("Kept"))
        #expect(try await first.write { try await $0.merchant(id: "m_1")?.name } == "Kept")
        await done()
    }

    /// The cache is what a write reads: with the trigger that renews the token gone, a change
    /// made behind the store's back stays unseen. (The triggers are what keep it right.)
    @Test func aWriteReadsTheMerchantFromTheCacheWhileItsTokenHolds() async throws {
        let file = TemporaryDatabasePath()
        defer { file.remove() }
        let store = try await SQLiteStore.open(path: file.path, logger: .quiet)
        try await store.seed(merchants: ["m_1"])
        #expect(try await store.write { try await $0.merchant(id: "m_1")?.name } == "Merchant m_1")
        #expect(store.merchantCache.count == 1)
        _ = try await store.writeConnection.query("DROP TRIGGER merchants_renew_cache_token_on_update")
        _ = try await store.writeConnection.query("UPDATE merchants SET name = 'Behind its back' WHERE id = 'm_1'")
        #expect(try await store.write { try await $0.merchant(id: "m_1")?.name } == "Merchant m_1")
        #expect(try await store.read { try await $0.merchant(id: "m_1")?.name } == "Behind its back")
        try await store.close()
    }
}
