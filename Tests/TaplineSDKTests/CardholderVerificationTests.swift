import Foundation
import GatewayAPI
@testable import TaplineSDK
import Testing

/// ARISE's `cardholderAuthenticationMethod` and `cvmResultMsg` on a tapped payment, read
/// from the CVM results the card sealed (9F34), kept by the gateway and shown in details and lists.
@Suite("SDK: how the cardholder was verified, on the transaction")
struct CardholderVerificationTests {
    @Test(arguments: [
        (CardholderVerification.noCVM, "No CVM required", "Successful"),
        (.signature, "Signature", "Unknown"),
        (.consumerDevice, "No CVM performed by the terminal (consumer device CVM when successful)", "Successful"),
    ])
    func aTapKeepsItsCVMResults(_ verification: CardholderVerification, _ method: String, _ result: String) async throws {
        try await TapFixture.run(customer: SimulatedCustomer(verification: verification)) { fixture in
            let paid = try await fixture.client.ttp.performTransaction(amount: 12.00)
            let id = try #require(paid.transactionId)
            let details = try #require(try await fixture.client.getTransactionDetails(id: id))
            #expect(details.cardholderAuthenticationMethod == method && details.cvmResultMsg == result)
            #expect(details.cardholderAuthenticationMethodId == nil)
            let summary = try #require(try await fixture.client.getTransactions().items.first { $0.id == details.id })
            #expect(summary.cardholderAuthenticationMethod == method && summary.cvmResultMsg == result)
        }
    }

    @Test func aKeyedCardHasNone() async throws {
        try await TapFixture.run { fixture in
            let sale = try await fixture.client.submitSaleTransaction(input: TestInput.card(5))
            #expect(sale.transaction.cardholderAuthenticationMethod == nil && sale.transaction.cvmResultMsg == nil)
        }
    }
}
