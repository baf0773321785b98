import Foundation
import GatewayAPI
import PaymentCore
@testable import TaplineSDK
import Testing

@Suite("Tap to Pay under Zero Cost Processing surcharge")
struct TapToPaySurchargeTests {
    static func surchargingGateway() async throws -> LiveGateway {
        let gateway = try await LiveGateway.make()
        _ = try await gateway.services.admin.updatePaymentSettings(
            merchantId: gateway.merchantId,
            UpdatePaymentSettingsRequest(zeroCostProcessingOption: .surcharge, defaultSurchargeRate: .some(3)))
        return gateway
    }

    @Test func thePlainFormIsRefusedWhenTheMerchantSurcharges() async throws {
        try await TapFixture.run(gateway: try await Self.surchargingGateway()) { fixture in
            await #expect {
                try await fixture.client.ttp.performTransaction(amount: 100.00)
            } throws: { error in
                (error as? TTPError)?.code == "SURCHARGE_REQUIRES_CALCULATION"
            }
        }
    }

    @Test func aCreditCardPaysTheSurchargeAndADebitCardDoesNot() async throws {
        try await TapFixture.run(gateway: try await Self.surchargingGateway()) { fixture in
            let calculation = try await fixture.client.calculateAmount(request: AmountCalculationRequest(amount: 100.00, currency: .usd))
            let credit = try await fixture.client.ttp.performTransaction(calculationResult: calculation, isDebitCard: false)
            #expect(credit.status == .approved)
            #expect(credit.authorizedAmount == "103.00")
            let debit = try await fixture.client.ttp.performTransaction(calculationResult: calculation, isDebitCard: true)
            #expect(debit.authorizedAmount == "100.00")
            // Each payment keeps its tender's parts: the surcharge is recorded, not just charged.
            let creditId = try #require(credit.transactionId)
            let creditDetails = try #require(try await fixture.client.getTransactionDetails(id: creditId))
            #expect(creditDetails.amountDetails?.minorUnits == AmountResource(baseAmount: 10_000, surchargeAmount: 300, surchargeRate: 3))
            let debitId = try #require(debit.transactionId)
            let debitDetails = try #require(try await fixture.client.getTransactionDetails(id: debitId))
            #expect(debitDetails.amountDetails?.minorUnits == AmountResource(baseAmount: 10_000))
        }
    }
}
