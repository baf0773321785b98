import Foundation
@testable import Gateway
import GatewayAPI
import PaymentCore
import Storage
import Testing

/// A payment encoded once serves its event and the answer to the request.
@Suite("Event payloads around payments encoded once")
struct WebhookEventEnvelopeTests {
    /// A payment whose text needs escaping, rendered as the API shows it.
    static func resource(_ harness: GatewayHarness, id: String, parentId: String? = nil) -> TransactionResource {
        var row = Transaction(id: id, merchantId: harness.merchantId, type: parentId == nil ? .sale : .refund, status: .captured, currency: .usd,
                              amount: 1_234, createMethod: .apiToken, createdAt: harness.clock.now())
        row.parentId = parentId
        row.customerName = #"Zoë "Ada" O'Neil \ <a/b>"#
        row.referenceId = "order/7\u{1}"
        return harness.services.renderer.render(row, merchant: nil)
    }

    @Test(arguments: [(false, 0.25), (true, 0.25), (true, -86_400 * 365.25 * 60 - 0.5)])
    func theEnvelopeIsWhatTheEncoderWritesForTheWholePayload(withOperation: Bool, shift: TimeInterval) async throws {
        let harness = try await GatewayHarness.make()
        let payment = Self.resource(harness, id: "t_payment")
        let operation = withOperation ? Self.resource(harness, id: "t_refund", parentId: "t_payment") : nil
        let createdAt = harness.clock.now().addingTimeInterval(shift)
        let whole = try APIJSON.encoder.encode(WebhookEventPayload(
            id: "evt_1", type: "transaction.refunded", createdAt: createdAt, data: WebhookEventData(transaction: payment, operation: operation)))
        let spliced = try WebhookEventEnvelope.payload(
            id: "evt_1", type: "transaction.refunded", createdAt: createdAt, transaction: APIJSON.encoder.encode(payment),
            operation: operation.map { try APIJSON.encoder.encode($0) })
        #expect(String(decoding: spliced, as: UTF8.self) == String(decoding: whole, as: UTF8.self))
    }

    @Test func anAnswerTakesTheBytesKeptForExactlyItsRowAndMerchantOnce() async throws {
        let harness = try await GatewayHarness.make()
        let memo = EncodedTransactions()
        let row = Transaction(id: "t_kept", merchantId: harness.merchantId, type: .sale, status: .captured, currency: .usd, amount: 500,
                              createMethod: .apiToken, createdAt: harness.clock.now())
        let merchant = try await harness.store.merchantAsLastWritten(id: harness.merchantId)
        memo.keep(row, merchant: merchant, json: Data("kept".utf8))
        var changed = row
        changed.amount = 501
        #expect(memo.take(changed, merchant: merchant) == nil)
        memo.keep(row, merchant: merchant, json: Data("kept".utf8))
        #expect(memo.take(row, merchant: nil) == nil)
        memo.keep(row, merchant: merchant, json: Data("kept".utf8))
        #expect(memo.take(row, merchant: merchant) == Data("kept".utf8))
        #expect(memo.take(row, merchant: merchant) == nil)
    }

    /// The answer to a sale is, byte for byte, the payment in its `transaction.captured` event.
    @Test func aSalesAnswerIsThePaymentItsCapturedEventCarries() async throws {
        try await WebhookPreparedEventsTests.onSQLite { harness, session in
            _ = try await session.pay(amount: 1_000)
            let reply = try await session.send(.post, "/v1/transactions/sale", json: TestSession.cardBody(pan: "4242424242424242", amount: 1_100))
            #expect(reply.status == 201)
            let sale = try reply.decode(TransactionResource.self)
            let probe = OutboxProbe(store: harness.store, merchantId: harness.merchantId)
            let captured = try #require(try await probe.all().first { $0.transactionId == sale.id && $0.type == "transaction.captured" })
            let body = reply.body
            #expect(captured.payload.firstRange(of: Data(#""transaction":"#.utf8) + body) != nil)
        }
    }
}
