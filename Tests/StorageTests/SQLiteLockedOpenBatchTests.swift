import Foundation
import PaymentCore
import Storage
@testable import StorageSQLite
import Testing
import TestSupport

/// Phase 3 reads the merchant's open batch's id with its payment's lock (one statement, not
/// two); the write forgets it once it opens, closes or locks a batch itself.
@Suite("SQLite: the open batch read with a payment's lock")
struct SQLiteLockedOpenBatchTests {
    @Test func theBatchReadWithTheLockIsJoinedAndForgottenWhenTheWriteChangesBatches() async throws {
        let file = TemporaryDatabasePath()
        defer { file.remove() }
        let store = try await SQLiteStore.open(path: file.path, logger: .quiet)
        do {
            try await store.seed(merchants: ["m_1"])
            try await store.write { writer in
                try await writer.insert(Batch(id: "b_1", merchantId: "m_1", openedAt: Fixtures.date(1)))
                try await writer.insert(Fixtures.transaction(status: .pending))
            }
            store.writeConnection.recordStatements()
            let (joined, after) = try await store.write { writer in
                _ = try await writer.lockTransaction(id: "t_1", merchantId: "m_1")
                let joined = try await writer.openBatchId(merchantId: "m_1")
                guard var first = try await writer.lockOpenBatch(merchantId: "m_1") else { throw StoreError.notFound("b_1") }
                first.closedAt = Fixtures.date(2)
                try await writer.update(first)
                try await writer.insert(Batch(id: "b_2", merchantId: "m_1", openedAt: Fixtures.date(2)))
                return (joined, try await writer.openBatchId(merchantId: "m_1"))
            }
            #expect(joined == "b_1")
            #expect(after == "b_2")
            // The first came with the lock; only the second was read on its own.
            let reads = (store.writeConnection.recordedStatements ?? []).filter { $0.hasPrefix("SELECT id FROM batches") }
            #expect(reads.count == 1, "\(reads)")
            try await store.close()
        } catch {
            try? await store.close()
            throw error
        }
    }
}
