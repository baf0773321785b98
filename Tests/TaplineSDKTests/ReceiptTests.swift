import Foundation
import GatewayAPI
import PaymentCore
import TaplineSDK
import Testing

/// `TaplineClient.getReceipt(transactionId:)` against a live gateway: a reprint of a
/// payment's receipt, with the names of the SDK's own `TransactionReceipt`.
@Suite("SDK receipts against a live gateway")
struct ReceiptTests {
    @Test func aSalesReceiptIsReadBackAndAnUnknownIdIsNotFound() async throws {
        let gateway = try await LiveGateway.make()
        try await gateway.run { environment in
            let client = try await gateway.client(environment)
            let sale = try await client.submitSaleTransaction(input: TestInput.card(Decimal(string: "12.34")!, tip: Decimal(string: "1.66")!, referenceId: "order-1"))
            let receipt = try await client.getReceipt(transactionId: sale.transactionId)
            #expect(receipt.recipientTransactionId == sale.transactionId && receipt.type == .purchase && receipt.responseCode == .approved)
            #expect(receipt.amount == 1_400 && receipt.authorisedAmount == 1_400 && receipt.gratuityAmount == 166 && receipt.currency == "USD")
            #expect(receipt.panLastFour == "4242" && receipt.saleReferenceId == "order-1" && receipt.captured)
            #expect(receipt.merchant.name.isEmpty == false)
            await #expect(throws: TaplineAPIError.self) { try await client.getReceipt(transactionId: "no-such-transaction") }
        }
    }
}
