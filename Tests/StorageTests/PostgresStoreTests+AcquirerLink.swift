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
        let first = try await PostgresStore.open(url: schema.url, poolSize: 3, logger: .quiet, connectTimeout: PostgresTestSchema.connectTimeout)
        let second = try await PostgresStore.open(url: schema.url, poolSize: 3, logger: .quiet, connectTimeout: PostgresTestSchema.connectTimeout)
        let blocks = try await StoreTraceNumberContractTests.reserveAtOnce(
            on: [first, second, first, second], terminalId: "TERM0001")
        try await first.close()
        try await second.close()
        #expect(blocks.count == 4 * 25)
        StoreTraceNumberContractTests.expectDisjointAndContiguous(blocks)
    }

    /// Two instances' links share the due reversals: what one write claimed the other skips,
    /// so a reversal is never sent by both at once.
    @Test func concurrentWritersClaimDifferentDueReversals() async throws {
        try await StoreFactory.postgres(url: serverURL).withStore { store in
            try await store.seed()
            try await store.write { writer in
                try await writer.enqueue(StorePendingReversalContractTests.reversal("r_1", minute: 1))
                try await writer.enqueue(StorePendingReversalContractTests.reversal("r_2", minute: 2))
            }
            let (claimed, claimDone) = AsyncStream.makeStream(of: [String].self)
            let (finish, finishNow) = AsyncStream.makeStream(of: Void.self)
            let first = Task {
                try await store.write { writer in
                    claimDone.yield(try await writer.duePendingReversals(at: Fixtures.minutes(5), limit: 1).map(\.id))
                    for await _ in finish { break }
                }
            }
            var firstClaim: [String] = []
            for await ids in claimed { firstClaim = ids; break }
            let secondClaim = try await store.write { try await $0.duePendingReversals(at: Fixtures.minutes(5), limit: 10).map(\.id) }
            finishNow.yield()
            try await first.value
            #expect(firstClaim == ["r_1"])
            #expect(secondClaim == ["r_2"])
            // Reads do not claim: both are still due.
            #expect(try await store.read { try await $0.duePendingReversals(at: Fixtures.minutes(5), limit: 10) }.map(\.id) == ["r_1", "r_2"])
        }
    }
}
