import Foundation
import PaymentCore
import Storage
import Testing
import TestSupport

/// Transaction rows on every store: round trips, errors, scoping and the look-ups of the
/// background jobs.
@Suite("Store contract: transactions")
struct StoreTransactionContractTests {
    @Test(arguments: StoreFactories.all)
    func everyFieldRoundTrips(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let full = Fixtures.fullTransaction()
            let minimal = Fixtures.transaction(id: "t_min", type: .authorization, status: .pending, currency: .jpy, amount: 0)
            try await store.seed(transactions: [full, minimal])
            #expect(try await store.transaction(id: full.id, merchantId: "m_1") == full)
            #expect(try await store.transaction(id: minimal.id, merchantId: "m_1") == minimal)
            let locked = try await store.write { try await $0.lockTransaction(id: full.id, merchantId: "m_1") }
            #expect(locked == full)
            let listed = try await store.read { try await $0.transactions(TransactionQuery(merchantId: "m_1")) }
            #expect(Set(listed.items.map(\.id)) == [full.id, minimal.id])
            #expect(listed.items.first { $0.id == full.id } == full)
        }
    }

    @Test(arguments: StoreFactories.all)
    func updateReplacesTheRow(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let original = Fixtures.transaction(id: "t_1", type: .authorization, status: .pending)
            try await store.seed(transactions: [original])
            var changed = original
            changed.status = .authorized
            changed.authorizedAmount = 1_000
            changed.card = Fixtures.card()
            // An acquirer's answer names the request it answered (MTI, STAN, time): kept as sent.
            changed.processorResult = ProcessorResult(responseCode: "00", message: "Approved")
            changed.processorTrace = "0000421123180102"
            changed.updatedAt = Fixtures.date(2_001)
            try await store.write { [changed] in try await $0.update(changed) }
            #expect(try await store.transaction(id: "t_1", merchantId: "m_1") == changed)

            var cleared = changed
            cleared.card = nil
            cleared.processorResult = nil
            try await store.write { [cleared] in try await $0.update(cleared) }
            #expect(try await store.transaction(id: "t_1", merchantId: "m_1") == cleared)
        }
    }

    @Test(arguments: StoreFactories.all)
    func duplicateAndNotFound(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let original = Fixtures.transaction(id: "t_1")
            try await store.seed(transactions: [original])
            await expectStoreError(.duplicate) { try await store.write { try await $0.insert(original) } }
            // Ids are unique across merchants too.
            await expectStoreError(.duplicate) {
                try await store.write { try await $0.insert(Fixtures.transaction(id: "t_1", merchantId: "m_2")) }
            }
            await expectStoreError(.notFound) { try await store.write { try await $0.update(Fixtures.transaction(id: "t_9")) } }
            var moved = original
            moved.merchantId = "m_2"
            await expectStoreError(.notFound) { try await store.write { [moved] in try await $0.update(moved) } }
            #expect(try await store.transaction(id: "t_1", merchantId: "m_1") == original)
            await expectStoreError(.notFound) {
                try await store.write { try await $0.insert(Fixtures.transaction(id: "t_2", merchantId: "m_unknown")) }
            }
        }
    }

    @Test(arguments: StoreFactories.all)
    func anotherMerchantsTransactionIsInvisible(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let original = Fixtures.transaction(id: "t_1")
            let refund = Fixtures.transaction(id: "t_2", type: .refund, status: .approved, parentId: "t_1", createdAt: Fixtures.minutes(1))
            try await store.seed(transactions: [original, refund])
            #expect(try await store.transaction(id: "t_1", merchantId: "m_2") == nil)
            #expect(try await store.write { try await $0.lockTransaction(id: "t_1", merchantId: "m_2") } == nil)
            #expect(try await store.read { try await $0.followUps(of: "t_1", merchantId: "m_2") } == [])
            #expect(try await store.read { try await $0.transactions(TransactionQuery(merchantId: "m_2")) }.total == 0)
        }
    }

    @Test(arguments: StoreFactories.all)
    func followUpsOldestFirst(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let rows = [
                Fixtures.transaction(id: "t_1", type: .authorization, status: .captured),
                Fixtures.transaction(id: "t_4", type: .refund, status: .approved, parentId: "t_1", createdAt: Fixtures.minutes(9)),
                Fixtures.transaction(id: "t_3", type: .capture, status: .approved, parentId: "t_1", createdAt: Fixtures.minutes(2)),
                Fixtures.transaction(id: "t_2", type: .incrementalAuthorization, status: .declined, parentId: "t_1", createdAt: Fixtures.minutes(2)),
                Fixtures.transaction(id: "t_5", type: .refund, status: .approved, parentId: "t_other", createdAt: Fixtures.minutes(1)),
            ]
            try await store.seed(transactions: rows)
            let followUps = try await store.read { try await $0.followUps(of: "t_1", merchantId: "m_1") }
            #expect(followUps.map(\.id) == ["t_2", "t_3", "t_4"])
        }
    }

    @Test(arguments: StoreFactories.all)
    func pendingTransactionsChangedBeforeTheCutoff(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            func row(_ id: String, _ merchant: String, _ status: TransactionStatus, updated minute: Int64) -> Transaction {
                var row = Fixtures.transaction(id: id, merchantId: merchant, type: .refund, status: status, parentId: "t_0")
                row.updatedAt = Fixtures.minutes(minute)
                return row
            }
            try await store.seed(transactions: [
                row("t_late", "m_1", .pending, updated: 10),
                row("t_cut", "m_1", .pending, updated: 5),
                row("t_b", "m_2", .pending, updated: 1),
                row("t_a", "m_1", .pending, updated: 1),
                row("t_done", "m_1", .approved, updated: 0),
            ])
            let pending = try await store.read { try await $0.pendingTransactions(updatedBefore: Fixtures.minutes(5)) }
            #expect(pending.map(\.id) == ["t_a", "t_b"])
        }
    }

    @Test(arguments: StoreFactories.all)
    func authorizationsCreatedBeforeTheCutoff(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed(transactions: [
                Fixtures.transaction(id: "t_new", type: .authorization, status: .authorized, createdAt: Fixtures.minutes(7)),
                Fixtures.transaction(id: "t_cut", type: .authorization, status: .authorized, createdAt: Fixtures.minutes(5)),
                Fixtures.transaction(id: "t_m2", merchantId: "m_2", type: .authorization, status: .authorized, createdAt: Fixtures.minutes(2)),
                Fixtures.transaction(id: "t_old", type: .authorization, status: .authorized, createdAt: Fixtures.minutes(1)),
                Fixtures.transaction(id: "t_captured", type: .authorization, status: .captured, createdAt: Fixtures.minutes(0)),
                Fixtures.transaction(id: "t_pinned", type: .sale, status: .pinRequired, createdAt: Fixtures.minutes(0)),
            ])
            let due = try await store.read { try await $0.authorizations(createdBefore: Fixtures.minutes(5)) }
            #expect(due.map(\.id) == ["t_old", "t_m2"])
        }
    }

    @Test(arguments: StoreFactories.all)
    func achDebitsInClearingAreTheSubmittedOnesOfEveryMerchantOldestFirst(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            func debit(_ id: String, merchant: String = "m_1", _ status: TransactionStatus, submitted minute: Int64?) -> Transaction {
                var row = Fixtures.transaction(id: id, merchantId: merchant, type: .achDebit, status: status)
                row.bankAccount = Fixtures.bankAccount()
                row.settledAt = minute.map(Fixtures.minutes)
                return row
            }
            var card = Fixtures.transaction(id: "t_card", status: .inProgress)
            card.settledAt = Fixtures.minutes(1)
            try await store.seed(transactions: [
                debit("t_late", .inProgress, submitted: 3), debit("t_m2", merchant: "m_2", .inProgress, submitted: 2),
                debit("t_first", .inProgress, submitted: 1), debit("t_new", .inProgress, submitted: 9),
                debit("t_cleared", .cleared, submitted: 1), debit("t_scheduled", .scheduled, submitted: nil), card,
            ])
            let due = try await store.read { try await $0.achDebitsInClearing(submittedBefore: Fixtures.minutes(5), limit: 10) }
            #expect(due.map(\.id) == ["t_first", "t_m2", "t_late"])
            let first = try await store.read { try await $0.achDebitsInClearing(submittedBefore: Fixtures.minutes(5), limit: 2) }
            #expect(first.map(\.id) == ["t_first", "t_m2"])
        }
    }

    @Test(arguments: StoreFactories.all)
    func markSettledSettlesTheMerchantsUnsettledRowsOfTheBatch(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            func row(_ id: String, _ merchant: String = "m_1", batch: String?, settled: Date? = nil) -> Transaction {
                var row = Fixtures.transaction(id: id, merchantId: merchant)
                row.batchId = batch
                row.settledAt = settled
                return row
            }
            let earlier = Fixtures.minutes(1)
            try await store.seed(transactions: [
                row("t_1", batch: "b_1"), row("t_2", batch: "b_1"), row("t_3", batch: "b_1", settled: earlier),
                row("t_4", batch: "b_2"), row("t_5", batch: nil), row("t_6", "m_2", batch: "b_1"),
            ])
            let at = Fixtures.date(600_123)
            let changed = try await store.write { try await $0.markSettled(batchId: "b_1", merchantId: "m_1", at: at) }
            #expect(changed == 2)
            let settled = try await store.read { reader in
                try await ["t_1", "t_2", "t_3", "t_4", "t_5"].asyncMap {
                    try await reader.transaction(id: $0, merchantId: "m_1")?.settledAt
                }
            }
            #expect(settled == [at, at, earlier, nil, nil])
            #expect(try await store.transaction(id: "t_6", merchantId: "m_2")?.settledAt == nil)
        }
    }
}
