import Foundation
import Storage
import Testing
import TestSupport

/// Payments, their events and deliveries, a locked payment's update and a key's answer are
/// written without waiting where the store can (PostgreSQL sends them and checks their answers
/// at the write's next answer). On every store a failed one is still the write's error, by
/// the name it would have had awaited, and nothing of the write stays.
@Suite("Store contract: writes sent without waiting")
struct StoreSentWriteContractTests {
    @Test(arguments: StoreFactories.all)
    func aFailedInsertIsTheErrorOfTheReadAfterIt(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed(transactions: [Fixtures.transaction(id: "t_1")])
            await #expect(throws: StoreError.duplicate("transaction t_1")) {
                try await store.write { writer in
                    try await writer.insert(Fixtures.transaction(id: "t_2"))
                    try await writer.insert(Fixtures.transaction(id: "t_1"))
                    // On PostgreSQL this read runs in the aborted transaction: its own error
                    // would say so, not what went wrong.
                    _ = try await writer.transaction(id: "t_2", merchantId: "m_1")
                    Issue.record("the read after a failed insert answered")
                }
            }
            #expect(try await store.transaction(id: "t_2", merchantId: "m_1") == nil)
        }
    }

    @Test(arguments: StoreFactories.all)
    func aFailedLastInsertIsTheWritesErrorAndNothingIsCommitted(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed(transactions: [Fixtures.transaction(id: "t_1")])
            // PostgreSQL answers the COMMIT of an aborted transaction with a ROLLBACK and no
            // error: the store must not take that for a commit.
            await #expect(throws: StoreError.duplicate("webhook event evt_1")) {
                try await store.write { writer in
                    try await writer.insert(Fixtures.transaction(id: "t_2"))
                    try await writer.insert(StoreWebhookContractTests.event("evt_1"))
                    try await writer.insert(StoreWebhookContractTests.event("evt_1"))
                }
            }
            #expect(try await store.transaction(id: "t_2", merchantId: "m_1") == nil)
            #expect(try await store.read { try await $0.webhookEvent(id: "evt_1", merchantId: "m_1") } == nil)
            // The connection is fit for the next write.
            try await store.write { try await $0.insert(Fixtures.transaction(id: "t_2")) }
            #expect(try await store.transaction(id: "t_2", merchantId: "m_1") != nil)
        }
    }

    @Test(arguments: StoreFactories.all)
    func aLockedPaymentsUpdateAndAKeysAnswerAreCommittedWithTheWrite(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed(transactions: [Fixtures.transaction(id: "t_1")])
            try await store.write { try await $0.insert(Fixtures.idempotencyRecord()) }
            let record = Fixtures.idempotencyRecord()
            try await store.write { writer in
                var locked = try #require(try await writer.lockTransaction(id: "t_1", merchantId: "m_1"))
                locked.status = .voided
                try await writer.update(locked)
                try await writer.completeIdempotencyRecord(
                    merchantId: record.merchantId, key: record.key, responseStatus: 201, responseBody: Data("{}".utf8))
            }
            #expect(try await store.transaction(id: "t_1", merchantId: "m_1")?.status == .voided)
            let kept = try await store.read { try await $0.idempotencyRecord(merchantId: record.merchantId, key: record.key) }
            #expect(kept?.state == .completed)
            #expect(kept?.responseStatus == 201)
        }
    }
}
