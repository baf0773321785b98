import Foundation
import PaymentCore
import TaplineSDK
import Testing

@Suite("The README's SDK example")
struct ReadmeExampleTests {
    /// The README's "Use the SDK" code, line for line, but with a memory token store and
    /// the test gateway's URL, so a broken example fails the build or this test.
    @Test func theExampleRunsAsWritten() async throws {
        let gateway = try await LiveGateway.make()
        try await gateway.run { environment in
            let tapline = TaplineClient(
                environment: TaplineEnvironment(url: environment.baseURL.absoluteString)!,
                configuration: TaplineConfiguration(tokenStore: MemoryTokenStore(), cardReader: SimulatedCardReader()))
            try await tapline.authenticate(clientId: gateway.clientId, clientSecret: gateway.clientSecret)

            if try await tapline.ttp.getStatus() != .active { try await tapline.ttp.activate() }
            try await tapline.ttp.prepare()
            let result = try await tapline.ttp.performTransaction(amount: Decimal(string: "49.99")!)
            #expect(result.status == .approved)
            #expect(result.maskedCardNumber == "424242******4242")

            let session = TransactionSession(client: tapline)
            let receipt = try await session.startTransaction(amount: 1_250, currency: "USD",
                                                             metadata: TransactionMetadata(saleReferenceId: "ORDER-42"))
            #expect(receipt.responseCode == .approved)
            #expect(receipt.panLastFour == "4242")

            let refund = try await tapline.refundTransaction(transactionId: result.transactionId!, amount: Decimal(string: "10.00")!)
            #expect(refund.status == .approved)
        }
    }
}
