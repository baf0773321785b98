import Foundation
import Storage
@testable import StoragePostgres
import Testing
import TestSupport

/// The acquirer link's records on PostgreSQL with two instances on one database.
extension PostgresStoreTests {
    /// Two gateway instances share one database: their trace number blocks for one terminal
    /// never share a number.
    @Test func twoStoresOnOneDatabaseNeverHandOutTheSameTraceNumber() async throws {
        let schema = PostgresTestSchema(serverURL: serverURL)
        try await schema.create()
        defer { schema.drop() }
        let first = try await PostgresStore.open(url: schema.url, poolSize: 3, logger: .quiet)
        let second = try await PostgresStore.open(url: schema.url, poolSize: 3, logger: .quiet)
        let blocks = try await StoreTraceNumberContractTests.reserveAtOnce(
            on: [first, second, first, second], terminalId: "TERM0001")
        #expect(blocks.count == 4 * 25)
        StoreTraceNumberContractTests.expectDisjointAndContiguous(blocks)
        try await first.close()
        try await second.close()
    }
}
