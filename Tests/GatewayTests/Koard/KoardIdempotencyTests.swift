import Foundation
import GatewayAPI
import HTTPTypes
import PaymentCore
import Testing
import TestSupport

/// Koard's `transaction_id` and `event_id` are idempotency keys when no `Idempotency-Key`
/// is sent: same key and body replays, another body is 422.
@Suite("Koard routes: idempotency")
struct KoardIdempotencyTests {
    @Test func aSaleRetriedWithItsTransactionIdReplays() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let sealed = try session.tap(amount: 1_000)
            let body = TestSession.koardBody(sealed, amount: 1_000, extra: #","transaction_id":"order-7""#)
            let first = try await session.koardPost(KoardPath.payment, body)
            #expect(first.status == 201, "\(first.text)")
            let again = try await session.koardPost(KoardPath.payment, body)
            #expect(again.status == 201)
            #expect(again.headers[HTTPField.Name(APIHeader.idempotentReplayed)!] == "true")
            #expect(again.body == first.body)
            let saleId = try first.koard.transactionId
            #expect(await harness.processor.approvalCount(transactionId: saleId) == 1)

            // The same transaction_id with another body (a new tap) is refused, not charged.
            let other = TestSession.koardBody(try session.tap(amount: 1_000), amount: 1_000, extra: #","transaction_id":"order-7""#)
            let mismatch = try await session.koardPost(KoardPath.payment, other)
            #expect(mismatch.status == 422)
            #expect(mismatch.error?.code == "idempotency_key_mismatch")
        }
    }

    @Test func aDuplicateWhileTheFirstRunsIsInUse() async throws {
        let processor = GatedProcessor()
        let harness = try await GatewayHarness.make(processor: processor, configuration: .holdingTheProcessor)
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let body = TestSession.koardBody(try session.tap(amount: 1_000), amount: 1_000, extra: #","transaction_id":"order-busy""#)
            async let first = session.koardPost(KoardPath.preauth, body)
            var entered = processor.entered.makeAsyncIterator()
            _ = await entered.next()
            let second = try await session.koardPost(KoardPath.preauth, body)
            #expect(second.status == 409)
            #expect(second.error?.code == "idempotency_key_in_use")
            processor.open()
            #expect(try await first.status == 201)
        }
    }

    @Test func anEventIdKeysAFollowUp() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let sale = try await session.koardPayment(amount: 5_000, extra: #","event_id":"evt-sale""#)
            let path = KoardPath.refund(sale.transactionId)
            let first = try await session.koard(path, #"{"amount":1000,"event_id":"evt-r1"}"#)
            #expect(first.status == 201)
            let again = try await session.koard(path, #"{"amount":1000,"event_id":"evt-r1"}"#)
            #expect(again.headers[HTTPField.Name(APIHeader.idempotentReplayed)!] == "true")
            #expect(try again.koard.refundedAmount == 1_000)
            let mismatch = try await session.koard(path, #"{"amount":2000,"event_id":"evt-r1"}"#)
            #expect(mismatch.status == 422)
            let another = try await session.koard(path, #"{"amount":1000,"event_id":"evt-r2"}"#)
            #expect(try another.koard.refundedAmount == 2_000)
        }
    }

    @Test func anIdempotencyKeyHeaderComesFirst() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let sale = try await session.koardPayment(amount: 5_000)
            let key: HTTPFields = [HTTPField.Name(APIHeader.idempotencyKey)!: "k-1"]
            let path = KoardPath.refund(sale.transactionId)
            #expect(try await session.koard(path, #"{"amount":100,"event_id":"a"}"#, headers: key).status == 201)
            // Same header, another event id: the header is the key, so this is another request under it.
            let reply = try await session.koard(path, #"{"amount":100,"event_id":"b"}"#, headers: key)
            #expect(reply.status == 422)
        }
    }

    @Test func theClientsTransactionIdIsTheReferenceAndNamesThePayment() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let hold = try await session.koardPayment(KoardPath.preauth, amount: 4_000, extra: #","transaction_id":"order-42""#)
            #expect(hold.referenceId == "order-42")
            #expect(hold.transactionId != "order-42")
            let captured = try await session.koard(KoardPath.capture("order-42"), #"{"amount":3000}"#)
            #expect(captured.status == 201, "\(captured.text)")
            #expect(try captured.koard.transactionId == hold.transactionId)
            let list = try await session.send(.get, "/v1/transactions?referenceId=order-42&type=authorization").decode(TransactionList.self)
            #expect(list.items.map(\.id) == [hold.transactionId])
        }
    }

    @Test func anOverlongTransactionIdIsRefused() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let long = String(repeating: "x", count: 201)
            let reply = try await session.koardTap(amount: 1_000, extra: #","transaction_id":"\#(long)""#)
            #expect(reply.status == 400)
            #expect(reply.error?.field == "transaction_id")
        }
    }
}
