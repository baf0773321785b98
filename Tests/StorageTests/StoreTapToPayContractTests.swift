import Foundation
import PaymentCore
import Storage
import Testing
import TestSupport

/// What Tap to Pay asks of every store: card reads seen once, the PIN window sweep and the
/// look-up by the merchant's reference.
@Suite("Store contract: Tap to Pay")
struct StoreTapToPayContractTests {
    @Test(arguments: StoreFactories.all)
    func aCardReadIsAcceptedOnceAcrossMerchants(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed()
            try await store.write { try await $0.recordCardRead(id: "read-1", merchantId: "m_1", at: Fixtures.date(1_000)) }
            await expectStoreError(.duplicate) {
                try await store.write { try await $0.recordCardRead(id: "read-1", merchantId: "m_1", at: Fixtures.date(2_000)) }
            }
            await expectStoreError(.duplicate) {
                try await store.write { try await $0.recordCardRead(id: "read-1", merchantId: "m_2", at: Fixtures.date(2_000)) }
            }
            await expectStoreError(.notFound) {
                try await store.write { try await $0.recordCardRead(id: "read-2", merchantId: "m_unknown", at: Fixtures.date(2_000)) }
            }
            // Forgetting old reads frees only those seen before the cutoff.
            try await store.write { try await $0.recordCardRead(id: "read-3", merchantId: "m_1", at: Fixtures.date(5_000)) }
            try await store.write { try await $0.forgetCardReads(seenBefore: Fixtures.date(5_000)) }
            try await store.write { try await $0.recordCardRead(id: "read-1", merchantId: "m_1", at: Fixtures.date(6_000)) }
            await expectStoreError(.duplicate) {
                try await store.write { try await $0.recordCardRead(id: "read-3", merchantId: "m_1", at: Fixtures.date(6_000)) }
            }
        }
    }

    @Test(arguments: StoreFactories.all)
    func paymentsWhosePINWindowClosed(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            func awaiting(_ id: String, expiresAt: Int64, status: TransactionStatus = .pinRequired, merchantId: String = "m_1") -> Transaction {
                var row = Fixtures.transaction(id: id, merchantId: merchantId, status: status)
                row.pinChallenge = PINChallenge(token: "tok-\(id)", expiresAt: Fixtures.date(expiresAt), maxAttempts: 3, deviceId: "d")
                return row
            }
            try await store.seed(transactions: [
                awaiting("t_late", expiresAt: 2_000), awaiting("t_early", expiresAt: 1_000, merchantId: "m_2"),
                awaiting("t_open", expiresAt: 9_000), awaiting("t_done", expiresAt: 500, status: .captured),
            ])
            let due = try await store.read { try await $0.paymentsAwaitingPIN(expiredBy: Fixtures.date(2_000)) }
            #expect(due.map(\.id) == ["t_early", "t_late"])
        }
    }

    @Test(arguments: StoreFactories.all)
    func transactionsFilterByTheMerchantsReference(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            var first = Fixtures.transaction(id: "t_1")
            first.referenceId = "INV-1"
            var other = Fixtures.transaction(id: "t_2")
            other.referenceId = "INV-2"
            var foreign = Fixtures.transaction(id: "t_3", merchantId: "m_2")
            foreign.referenceId = "INV-1"
            try await store.seed(transactions: [first, other, foreign])
            var query = TransactionQuery(merchantId: "m_1")
            query.referenceId = "INV-1"
            let page = try await store.read { [query] in try await $0.transactions(query) }
            #expect(page.items.map(\.id) == ["t_1"])
            #expect(page.total == 1)
        }
    }
}
