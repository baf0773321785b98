import Foundation
import PaymentCore
import Storage
import Testing
import TestSupport

/// What `write` and `read` promise on every store: all or nothing, committed data only,
/// one writer at a time.
@Suite("Store contract: atomicity and isolation")
struct StoreAtomicityContractTests {
    @Test(arguments: StoreFactories.all)
    func aThrowingWriteLeavesNothingBehind(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let original = Fixtures.transaction(id: "t_1")
            try await store.seed(transactions: [original])
            await #expect(throws: DeliberateFailure.self) {
                try await store.write { writer in
                    try await writer.insert(Fixtures.merchant(id: "m_3"))
                    try await writer.insert(Fixtures.transaction(id: "t_2"))
                    var changed = original
                    changed.status = .voided
                    try await writer.update(changed)
                    try await writer.insert(Fixtures.idempotencyRecord())
                    // The writer sees its own changes until the end.
                    #expect(try await writer.transaction(id: "t_1", merchantId: "m_1")?.status == .voided)
                    throw DeliberateFailure()
                }
            }
            #expect(try await store.read { try await $0.merchant(id: "m_3") } == nil)
            #expect(try await store.transaction(id: "t_2", merchantId: "m_1") == nil)
            #expect(try await store.transaction(id: "t_1", merchantId: "m_1") == original)
            #expect(try await store.read { try await $0.idempotencyRecord(merchantId: "m_1", key: "idem_1") } == nil)
            // The store is still usable after the rollback.
            try await store.write { try await $0.insert(Fixtures.transaction(id: "t_2")) }
            #expect(try await store.transaction(id: "t_2", merchantId: "m_1") != nil)
        }
    }

    @Test(arguments: StoreFactories.all)
    func aStoreErrorInsideAWriteRollsBackEarlierChanges(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed(transactions: [Fixtures.transaction(id: "t_1")])
            await expectStoreError(.duplicate) {
                try await store.write { writer in
                    try await writer.insert(Fixtures.transaction(id: "t_2"))
                    try await writer.insert(Fixtures.transaction(id: "t_1"))
                }
            }
            #expect(try await store.transaction(id: "t_2", merchantId: "m_1") == nil)
        }
    }

    @Test(arguments: StoreFactories.all)
    func aReadDuringAnOpenWriteSeesOnlyCommittedData(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let original = Fixtures.transaction(id: "t_1")
            try await store.seed(transactions: [original])
            try await store.write { writer in
                try await writer.insert(Fixtures.transaction(id: "t_2"))
                var changed = original
                changed.amount = 9_999
                try await writer.update(changed)
                #expect(try await store.transaction(id: "t_2", merchantId: "m_1") == nil)
                #expect(try await store.transaction(id: "t_1", merchantId: "m_1")?.amount == 1_000)
                #expect(try await writer.transaction(id: "t_1", merchantId: "m_1")?.amount == 9_999)
            }
            #expect(try await store.transaction(id: "t_2", merchantId: "m_1") != nil)
            #expect(try await store.transaction(id: "t_1", merchantId: "m_1")?.amount == 9_999)
        }
    }

    @Test(arguments: StoreFactories.all)
    func concurrentReadModifyWritesAreSerialised(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed(transactions: [Fixtures.transaction(id: "t_1")])
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<50 {
                    group.addTask {
                        try await store.write { writer in
                            var row = try #require(try await writer.lockTransaction(id: "t_1", merchantId: "m_1"))
                            // Gives another writer every chance to interleave, were writers not serialised.
                            await Task.yield()
                            row.refundedAmount += 1
                            try await writer.update(row)
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(try await store.transaction(id: "t_1", merchantId: "m_1")?.refundedAmount == 50)
        }
    }

    @Test(arguments: StoreFactories.all)
    func aWriterKeptBeyondItsWriteFails(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed()
            let escaped = try await store.write { $0 }
            await expectStoreError(.unavailable) { try await escaped.insert(Fixtures.transaction(id: "t_late")) }
            #expect(try await store.transaction(id: "t_late", merchantId: "m_1") == nil)
        }
    }

    @Test(arguments: StoreFactories.all)
    func aClosedStoreRefusesWork(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed()
            try await store.close()
            await expectStoreError(.unavailable) { try await store.write { try await $0.insert(Fixtures.merchant(id: "m_9")) } }
            await expectStoreError(.unavailable) { _ = try await store.read { try await $0.merchants() } }
        }
    }
}
