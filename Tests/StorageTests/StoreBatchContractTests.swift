import Foundation
import PaymentCore
import Storage
import Testing
import TestSupport

/// Batches on every store: a closed batch keeps how and when it closed and its breakdowns.
@Suite("Store contract: batches")
struct StoreBatchContractTests {
    @Test(arguments: StoreFactories.all)
    func aClosedBatchKeepsItsReasonSlotAndBreakdowns(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed()
            let opened = Fixtures.batch()
            try await store.write { try await $0.insert(opened) }
            var closed = opened
            closed.closedAt = opened.openedAt.addingTimeInterval(3_600)
            closed.closeReason = .schedule
            closed.scheduledFor = opened.openedAt.addingTimeInterval(3_540)
            closed.transactionCount = 3
            closed.totals = ["USD": 4_000, "EUR": -250]
            closed.byCardBrand = [
                BatchSubtotal(name: "mastercard", currency: "EUR", count: 1, amount: -250),
                BatchSubtotal(name: "visa", currency: "USD", count: 2, amount: 4_000),
            ]
            closed.byType = [
                BatchSubtotal(name: "capture", currency: "USD", count: 1, amount: 1_500),
                BatchSubtotal(name: "refund", currency: "EUR", count: 1, amount: -250),
                BatchSubtotal(name: "sale", currency: "USD", count: 1, amount: 2_500),
            ]
            let unchanged = closed
            try await store.write { try await $0.update(unchanged) }
            let found = try await store.read { try await $0.batch(id: opened.id, merchantId: "m_1") }
            #expect(found == closed)
            #expect(try await store.read { try await $0.openBatch(merchantId: "m_1") } == nil)
        }
    }

    @Test(arguments: StoreFactories.all)
    func anOpenBatchHasNoReasonAndEmptyBreakdowns(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed()
            try await store.write { try await $0.insert(Fixtures.batch()) }
            let open = try #require(try await store.read { try await $0.openBatch(merchantId: "m_1") })
            #expect(open.closeReason == nil && open.scheduledFor == nil)
            #expect(open.byCardBrand.isEmpty && open.byType.isEmpty)
        }
    }
}

/// A merchant has one open batch at a time, on every store: a second is a duplicate (how two
/// instances opening the first batch at once end up in one), closed ones are not counted,
/// and `lockOpenBatch` finds the open one.
@Suite("Store contract: one open batch per merchant")
struct StoreOpenBatchContractTests {
    @Test(arguments: StoreFactories.all)
    func aSecondOpenBatchIsADuplicateButAnotherMerchantsIsNot(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed()
            var first = Fixtures.batch(id: "b_1")
            try await store.write { [first] in try await $0.insert(first) }
            await expectStoreError(.duplicate) {
                try await store.write { try await $0.insert(Fixtures.batch(id: "b_2")) }
            }
            try await store.write { try await $0.insert(Fixtures.batch(id: "b_3", merchantId: "m_2")) }
            #expect(try await store.write { try await $0.lockOpenBatch(merchantId: "m_1") }?.id == "b_1")

            first.closedAt = first.openedAt.addingTimeInterval(60)
            try await store.write { [first] in try await $0.update(first) }
            #expect(try await store.write { try await $0.lockOpenBatch(merchantId: "m_1") } == nil)
            try await store.write { try await $0.insert(Fixtures.batch(id: "b_2")) }
            #expect(try await store.read { try await $0.openBatch(merchantId: "m_1") }?.id == "b_2")
        }
    }
}
