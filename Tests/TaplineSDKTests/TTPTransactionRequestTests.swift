import Foundation
import GatewayAPI
import PaymentCore
@testable import TaplineSDK
import Testing

/// ARISE's `TTPTransactionRequest`: the parts are checked against the amount before a card
/// is read, and the payment keeps them as its breakdown and `orderId` as its reference.
@Suite("Tap to Pay: TTPTransactionRequest")
struct TTPTransactionRequestTests {
    @Test func thePartsBecomeTheBreakdownAndTheOrderIdTheReference() async throws {
        try await TapFixture.run { fixture in
            // 40.00 − 5.00 = 35.00; 3 % surcharge = 1.05; tip 4.00: 40.05.
            let request = TTPTransactionRequest(
                amount: MajorUnits(string: "40.05")!, tip: "4.00", discount: "5", subTotal: "40.00", orderId: "order-77", surchargeRate: "3")
            let result = try await fixture.client.ttp.performTransaction(request: request)
            #expect(result.status == .approved)
            #expect(result.orderId == "order-77")
            #expect(result.authorizedAmount == "40.05")
            let id = try #require(result.transactionId)
            let resource: TransactionResource = try await fixture.client.connection.get(APIPath.transaction(id))
            #expect(resource.referenceId == "order-77")
            #expect(resource.amounts?.tip == 400)
            #expect(resource.breakdown?.payment == PaymentBreakdown(
                subtotal: 3500, tipAmount: 400, surchargeAmount: 105, surchargeRate: .percent(3)))
            #expect(resource.breakdown?.surchargeRate == 3)  // ARISE's "3" is /v1's 3
        }
    }

    @Test func anAmountAloneIsAPlainPayment() async throws {
        try await TapFixture.run { fixture in
            let result = try await fixture.client.ttp.performTransaction(request: TTPTransactionRequest(amount: 12.00))
            #expect(result.status == .approved)
            #expect(result.orderId?.hasPrefix("ttp-") == true)
        }
    }

    @Test(arguments: [
        (TTPTransactionRequest(amount: 10.00, subTotal: "9.00"), "amount"),
        (TTPTransactionRequest(amount: 10.00, tip: "abc"), "tip"),
        (TTPTransactionRequest(amount: 10.00, tip: "2.5x"), "tip"),
        (TTPTransactionRequest(amount: 10.00, tip: "-1"), "tip"),
        (TTPTransactionRequest(amount: 10.00, tip: "10.01"), "tip"),
        (TTPTransactionRequest(amount: 10.00, tip: "0.001"), "tip"),
        (TTPTransactionRequest(amount: 10.00, discount: "1"), "discount"),
        (TTPTransactionRequest(amount: 10.00, surchargeRate: "3"), "surchargeRate"),
        (TTPTransactionRequest(amount: 10.00, discount: "9", subTotal: "9"), "discount"),
        (TTPTransactionRequest(amount: 10.00, subTotal: "10", surchargeRate: "101"), "surchargeRate"),
        (TTPTransactionRequest(amount: 10.00, subTotal: "10", surchargeRate: "1.00001"), "surchargeRate"),
        (TTPTransactionRequest(amount: 10.00, subTotal: "99999999999999999999999"), "subTotal"),
        (TTPTransactionRequest(amount: 10.00, orderId: ""), "orderId"),
        (TTPTransactionRequest(amount: 10.00, orderId: String(repeating: "x", count: 256)), "orderId"),
    ])
    func aPartThatCannotBeIsRefusedBeforeAnyRead(_ request: TTPTransactionRequest, field: String) async throws {
        let payment: TapPaymentRequest
        do {
            payment = try request.payment(currency: "USD")
        } catch {
            guard case .badRequest(let problem) = error else { Issue.record("expected badRequest, got \(error)"); return }
            #expect(problem.field == field)
            return
        }
        Issue.record("expected \(field) refused, got \(payment)")
    }
}
