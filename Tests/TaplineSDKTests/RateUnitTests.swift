import Foundation
import GatewayAPI
import PaymentCore
@testable import TaplineSDK
import Testing

/// One unit for rates: whichever route a rate came in by, the SDK reads it as a `Rate`, and
/// whatever the SDK sends goes out in that route's unit.
@Suite("SDK rates: one Rate whatever the route")
struct RateUnitTests {
    /// Koard's example breakdown, as Koard's own wire has it (fractions).
    static let koardBreakdown = KoardBreakdown(
        subtotal: 2_500, taxRate: Decimal(string: "0.0875"), taxAmount: 219, tipAmount: 500, tipType: "fixed", surchargeAmount: 75,
        surchargeRate: Decimal(string: "0.03"))

    @Test func aBreakdownSentToKoardsRouteAsFractionsReadsAsTheSameRates() async throws {
        try await TapFixture.run { fixture in
            let held = try await fixture.client.ttp.preauth(amount: 3_294, currency: "USD")
            let id = try #require(held.transactionId)
            let captured: KoardTransactionResponse = try await fixture.client.connection.post(
                KoardPath.capture(id), body: KoardCaptureRequest(breakdown: Self.koardBreakdown))
            #expect(captured.transaction.breakdown?.taxRate == Decimal(string: "0.0875"))  // Koard's wire keeps fractions

            let details = try #require(try await fixture.client.getTransactionDetails(id: id))
            #expect(details.breakdown?.taxRate?.percent == Decimal(string: "8.75"))
            #expect(details.breakdown?.taxRate == .fraction(Decimal(string: "0.0875")!))
            #expect(details.breakdown?.surchargeRate?.percent == 3)
            // The /v1 answer the SDK read has them as percentages.
            let resource: TransactionResource = try await fixture.client.connection.get(APIPath.transaction(id))
            #expect(resource.breakdown?.taxRate == Decimal(string: "8.75"))
        }
    }

    @Test func koardsAdjustSendsItsRateAsKoardsFraction() async throws {
        try await TapFixture.run { fixture in
            let sale = try await fixture.client.ttp.sale(
                amount: 3_294, breakdown: Self.koardBreakdown.canonical.payment, currency: "USD")
            let id = try #require(sale.transactionId)
            // 18 % of the 25.00 subtotal: 4.50, however the rate was written.
            let byPercent = try await fixture.client.adjust(transactionId: id, percentage: .percent(18))
            #expect(byPercent.amounts?.tipAmount == Decimal(string: "4.5"))
            let byFraction = try await fixture.client.adjust(transactionId: id, percentage: .fraction(0.2))
            #expect(byFraction.amounts?.tipAmount == 5)
            #expect(byFraction.breakdown?.taxRate?.percent == Decimal(string: "8.75"))
        }
    }
}
