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

    /// The acquirer's answer is kept with the batch, and only batches still waiting for it
    /// are found for the settlement job, oldest close first, across merchants.
    @Test(arguments: StoreFactories.all)
    func aReconciliationIsKeptAndPendingOnesAreFound(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed()
            let start = Date(timeIntervalSince1970: 1_795_000_000)
            var line = BatchReconciliation.Line(cardAcceptorId: "MERCHANT000001", terminalId: "TERM0001", currency: "USD",
                                                captureCount: 2, captureTotal: 3_000, refundCount: 1, refundTotal: 300)
            line.trace = "0000421121093000"
            func closed(_ id: String, at offset: TimeInterval, _ state: BatchReconciliation.State?) -> Batch {
                var batch = Fixtures.batch(id: id)
                batch.openedAt = start
                batch.closedAt = start.addingTimeInterval(offset)
                if let state {
                    var reconciliation = BatchReconciliation(lines: [line])
                    reconciliation.state = state
                    reconciliation.attempts = 1
                    reconciliation.lastError = state == .pending ? "processor not connected" : nil
                    reconciliation.nextAttemptAt = state == .pending ? start.addingTimeInterval(offset + 30) : nil
                    batch.reconciliation = reconciliation
                }
                return batch
            }
            var answered = closed("b_agreed", at: 10, .agreed)
            answered.reconciliation?.lines[0].responseCode = "00"
            answered.reconciliation?.lines[0].hostCaptureTotal = 3_000
            answered.reconciliation?.reconciledAt = start.addingTimeInterval(11)
            let batches = [closed("b_late", at: 30, .pending), answered, closed("b_early", at: 20, .pending), closed("b_none", at: 5, nil)]
            try await store.write { writer in
                for batch in batches { try await writer.insert(batch) }
            }
            #expect(try await store.read { try await $0.batch(id: "b_agreed", merchantId: "m_1") } == answered)
            #expect(try await store.read { try await $0.batch(id: "b_none", merchantId: "m_1") }?.reconciliation == nil)
            let waiting = try await store.read { try await $0.batchesAwaitingReconciliation(limit: 10) }
            #expect(waiting.map(\.id) == ["b_early", "b_late"])
            #expect(waiting.first?.reconciliation?.lines == [line])
            #expect(try await store.read { try await $0.batchesAwaitingReconciliation(limit: 1) }.map(\.id) == ["b_early"])
            let locked = try await store.write { try await $0.lockBatch(id: "b_late", merchantId: "m_1") }
            #expect(locked?.reconciliation?.state == .pending)
            #expect(try await store.write { try await $0.lockBatch(id: "b_late", merchantId: "m_2") } == nil)
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
