import Foundation
import PaymentCore
import Storage
import Testing
import TestSupport

/// A payment's breakdown on every store: kept, replaced, cleared, rates exact.
@Suite("Store contract: payment breakdown")
struct StoreBreakdownContractTests {
    @Test(arguments: StoreFactories.all)
    func aBreakdownIsKeptReplacedAndCleared(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            var payment = Fixtures.transaction(id: "t_1", type: .authorization, status: .authorized)
            payment.breakdown = PaymentBreakdown(subtotal: 2_500, taxRate: .percent(Decimal(string: "8.75")!), taxAmount: 219,
                                                 tipAmount: 500, surchargeAmount: 75, surchargeRate: .fraction(Decimal(string: "0.03")!))
            try await store.seed(transactions: [payment])
            let stored = try await store.transaction(id: "t_1", merchantId: "m_1")
            #expect(stored == payment)
            #expect(stored?.breakdown?.taxRate?.fraction == Decimal(string: "0.0875"))
            #expect(stored?.breakdown?.taxRate?.percent == Decimal(string: "8.75"))

            // No rates at all, a percentage tip, the smallest rate step.
            payment.breakdown = PaymentBreakdown(subtotal: 0, tipAmount: 18, tipType: .percentage, surchargeRate: .percent(Decimal(string: "0.0001")!))
            try await store.write { [payment] in try await $0.update(payment) }
            #expect(try await store.transaction(id: "t_1", merchantId: "m_1") == payment)

            payment.breakdown = nil
            try await store.write { [payment] in try await $0.update(payment) }
            #expect(try await store.transaction(id: "t_1", merchantId: "m_1")?.breakdown == nil)
        }
    }
}
