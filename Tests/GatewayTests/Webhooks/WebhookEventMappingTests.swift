import Foundation
@testable import Gateway
import GatewayAPI
import PaymentCore
import Storage
import Testing

/// Every move of a payment writes its events into the outbox in the same write as the move.
@Suite("Webhook events for every lifecycle move")
struct WebhookEventMappingTests {
    static var quiet: GatewayConfiguration {
        var configuration = GatewayConfiguration()
        configuration.webhookWorkerEnabled = false
        return configuration
    }

    @Test func everyMoveWritesItsEvents() async throws {
        let harness = try await GatewayHarness.make(configuration: Self.quiet)
        let probe = OutboxProbe(store: harness.store, merchantId: harness.merchantId)
        try await harness.test { session in
            _ = try await session.createEndpoint()
            var seen = Set<String>()

            let sale = try await session.pay("sale")
            #expect(try await probe.newTypes(since: &seen) == ["transaction.captured", "transaction.created"])
            #expect(try await session.followUp(sale.id, .adjustTip, json: #"{"tipAmount":500}"#).status == 201)
            #expect(try await probe.newTypes(since: &seen) == ["transaction.adjusted"])
            #expect(try await session.followUp(sale.id, .refund, json: #"{"amount":1000}"#).status == 201)
            #expect(try await probe.newTypes(since: &seen) == ["transaction.refunded"])

            let auth = try await session.pay("authorization")
            #expect(try await probe.newTypes(since: &seen) == ["transaction.authorized", "transaction.created"])
            #expect(try await session.followUp(auth.id, .increment, json: #"{"amount":1500}"#).status == 201)
            #expect(try await probe.newTypes(since: &seen) == ["transaction.authorized"])
            #expect(try await session.followUp(auth.id, .capture, json: #"{"amount":11500}"#).status == 201)
            #expect(try await probe.newTypes(since: &seen) == ["transaction.captured"])

            let toVoid = try await session.pay("sale")
            _ = try await probe.newTypes(since: &seen)
            #expect(try await session.followUp(toVoid.id, .void).status == 201)
            #expect(try await probe.newTypes(since: &seen) == ["transaction.voided"])

            let toReverse = try await session.pay("authorization")
            _ = try await probe.newTypes(since: &seen)
            #expect(try await session.followUp(toReverse.id, .reverse, json: #"{"amount":10000}"#).status == 201)
            #expect(try await probe.newTypes(since: &seen) == ["transaction.reversed"])

            // The simulator forgets a hold it reversed, so the next increment is declined.
            let declinedIncrement = try await session.pay("authorization")
            _ = try await probe.newTypes(since: &seen)
            try await harness.processor.cancel(transactionId: declinedIncrement.id)
            #expect(try await session.followUp(declinedIncrement.id, .increment, json: #"{"amount":100}"#).status == 201)
            let declinedEvents = try await probe.all().filter { $0.type == "transaction.declined" }
            #expect(try await probe.newTypes(since: &seen) == ["transaction.declined"])
            let increment = try declinedEvents.first.map(probe.payload)
            #expect(increment?.data.operation?.type == .incrementalAuthorization)
            #expect(increment?.data.operation?.status == .declined)
            #expect(increment?.data.transaction?.status == .authorized)

            _ = try await session.send(.post, "/v1/transactions/sale", json: TestSession.cardBody(pan: "4000000000000002"))
            #expect(try await probe.newTypes(since: &seen) == ["transaction.created", "transaction.declined"])
            _ = try await session.send(.post, "/v1/transactions/sale", json: TestSession.cardBody(pan: "4000000000000119"))
            #expect(try await probe.newTypes(since: &seen) == ["transaction.created", "transaction.failed"])

            // The close settles the sale (with its refund), the captured authorization and the refund row.
            let close = try await session.send(.post, APIPath.closeBatch)
            #expect(close.status == 200, "\(close.text)")
            let settled = try await probe.all().filter { !seen.contains($0.id) }
            #expect(try await probe.newTypes(since: &seen) == Array(repeating: "transaction.settled", count: 3))
            let settledIds = Set(try settled.map { try probe.payload($0).data.transaction?.id })
            #expect(settledIds == [sale.id, auth.id])
            #expect(try settled.allSatisfy { try probe.payload($0).data.transaction?.settledAt != nil })
            let toExpire = try await session.pay("authorization")
            _ = try await probe.newTypes(since: &seen)
            harness.clock.advance(by: 7 * 24 * 3600)
            #expect(try await harness.services.expiry.run() >= 1)
            let expired = try await probe.all().filter { !seen.contains($0.id) }
            // The hold whose increment was declined expires too.
            #expect(try await probe.newTypes(since: &seen) == ["transaction.expired", "transaction.expired"])
            #expect(Set(try expired.map { try probe.payload($0).data.transaction?.id }) == [toExpire.id, declinedIncrement.id])

        }
    }

    @Test func eachEventCarriesThePaymentAsItWasAfterTheChange() async throws {
        let harness = try await GatewayHarness.make(configuration: Self.quiet)
        let probe = OutboxProbe(store: harness.store, merchantId: harness.merchantId)
        try await harness.test { session in
            let sale = try await session.pay("sale")
            let events = try await probe.all()
            let captured = try #require(events.first { $0.type == "transaction.captured" })
            let payload = try probe.payload(captured)
            #expect(payload.id == captured.id && payload.id.hasPrefix("evt_"))
            #expect(payload.data.transaction?.id == sale.id)
            #expect(payload.data.transaction?.status == .captured)
            #expect(payload.data.operation == nil)
            #expect(captured.transactionId == sale.id)
            // The stored body is the API's JSON (sorted keys): stable bytes to sign.
            #expect(captured.payload == (try APIJSON.encoder.encode(payload)))
        }
    }

    @Test func aReplayedRequestWritesNoEvents() async throws {
        let harness = try await GatewayHarness.make(configuration: Self.quiet)
        let probe = OutboxProbe(store: harness.store, merchantId: harness.merchantId)
        try await harness.test { session in
            _ = try await session.pay("sale", key: "order-7")
            let first = try await probe.all().count
            _ = try await session.pay("sale", key: "order-7")
            #expect(try await probe.all().count == first)
        }
    }

    @Test func aFailedWriteLeavesNeitherTheChangeNorTheEvent() async throws {
        let harness = try await GatewayHarness.make(configuration: Self.quiet)
        let outbox = WebhookOutbox(renderer: harness.services.renderer, makeId: { UUID().uuidString }, notifier: WebhookNotifier())
        struct Forced: Error {}
        let merchantId = harness.merchantId
        let now = harness.clock.now()
        let payment = Transaction(id: "t_forced", merchantId: merchantId, type: .sale, status: .pending, currency: .usd,
                                  amount: 100, createMethod: .apiToken, createdAt: now)
        await #expect(throws: Forced.self) {
            try await harness.store.write { writer in
                try await writer.insert(payment)
                try await outbox.record(before: nil, after: payment, at: now, in: writer)
                throw Forced()
            }
        }
        #expect(try await harness.store.transaction(id: "t_forced", merchantId: merchantId) == nil)
        #expect(try await OutboxProbe(store: harness.store, merchantId: merchantId).all().isEmpty)
    }

    @Test func pinMovesMapToTheirEvents() {
        func row(_ status: TransactionStatus) -> Transaction {
            Transaction(id: "t", merchantId: "m", type: .sale, status: status, currency: .usd, amount: 1, createMethod: .apiToken, createdAt: Date())
        }
        // A soft decline waiting for a PIN is not an event; its answer is.
        #expect(WebhookOutbox.eventTypes(before: row(.pending), after: row(.pinRequired), operation: nil).isEmpty)
        #expect(WebhookOutbox.eventTypes(before: row(.pinRequired), after: row(.pending), operation: nil).isEmpty)
        #expect(WebhookOutbox.eventTypes(before: row(.pending), after: row(.captured), operation: nil) == [.captured])
        // A PIN window that passed declines the payment.
        #expect(WebhookOutbox.eventTypes(before: row(.pinRequired), after: row(.declined), operation: nil) == [.declined])
        #expect(WebhookOutbox.eventTypes(before: row(.captured), after: row(.captured), operation: nil).isEmpty)
    }
}
