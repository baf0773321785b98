import Foundation
@testable import Gateway
import GatewayAPI
import Storage
import StorageSQLite
import Testing
import TestSupport

/// The worker against a real receiver on a loopback port, driven one pass at a time under
/// the test clock.
@Suite("Webhook delivery")
struct WebhookDeliveryTests {
    static func configuration(timeout: Duration = .seconds(10)) -> GatewayConfiguration {
        var configuration = GatewayConfiguration()
        configuration.webhookWorkerEnabled = false
        configuration.webhookTimeout = timeout
        return configuration
    }

    @Test func failedAttemptsAreRetriedOnScheduleAndTheSignatureVerifies() async throws {
        let harness = try await GatewayHarness.make(configuration: Self.configuration())
        let receiver = WebhookReceiver(answering: [500, 503, 200])
        let start = harness.clock.now()
        try await receiver.run { url in
            try await harness.test { session in
                let endpoint = try await session.createEndpoint(url: url, events: ["transaction.captured"])
                let sale = try await session.pay("sale")
                let worker = harness.services.webhooks

                #expect(try await worker.deliverDue() == WebhookPassReport(attempted: 1, retried: 1))
                // Not due again until the backoff has passed.
                #expect(try await worker.deliverDue() == WebhookPassReport())
                harness.clock.advance(by: 29)
                #expect(try await worker.deliverDue() == WebhookPassReport())
                harness.clock.advance(by: 1)
                #expect(try await worker.deliverDue() == WebhookPassReport(attempted: 1, retried: 1))
                harness.clock.advance(by: 60)
                #expect(try await worker.deliverDue() == WebhookPassReport(attempted: 1, delivered: 1))
                #expect(try await worker.deliverDue() == WebhookPassReport())

                let events = try await session.send(.get, APIPath.events + "?type=transaction.captured").decode(WebhookEventList.self)
                let event = try #require(events.items.first)
                #expect(event.data.transaction?.id == sale.id)
                let details = try await session.send(.get, APIPath.event(event.id)).decode(WebhookEventDetails.self)
                let delivery = try #require(details.deliveries.first)
                #expect(delivery.endpointId == endpoint.id)
                #expect(delivery.status == "delivered")
                #expect(delivery.attemptCount == 3)
                #expect(delivery.deliveredAt == start.addingTimeInterval(90))
                #expect(delivery.attempts.map(\.statusCode) == [500, 503, 200])
                #expect(delivery.attempts.map(\.attemptedAt) == [start, start.addingTimeInterval(30), start.addingTimeInterval(90)])

                let received = receiver.received
                #expect(received.count == 3)
                let last = try #require(received.last)
                #expect(last.headers["content-type"] == "application/json")
                #expect(last.headers["user-agent"] == "Tapline-Webhooks/1")
                #expect(last.headers["tapline-event-id"] == event.id)
                #expect(last.headers["tapline-event-type"] == "transaction.captured")
                let header = try #require(last.headers["tapline-signature"])
                #expect(header.hasPrefix("t=\(Int(start.addingTimeInterval(90).timeIntervalSince1970)),v1="))
                let secret = try #require(endpoint.secret)
                try WebhookSignature.verify(payload: last.body, header: header, secret: secret, now: harness.clock.now())
                #expect(throws: WebhookSignatureError.signatureMismatch) {
                    try WebhookSignature.verify(payload: last.body, header: header, secret: "whsec_wrong", now: harness.clock.now())
                }
                // Every retry sends the same event, byte for byte.
                #expect(Set(received.map(\.body)).count == 1)
                #expect(try APIJSON.decoder.decode(WebhookEventPayload.self, from: last.body) == event)
            }
        }
    }

    @Test func aHangingReceiverTimesOutAndIsRetriedWhilePaymentsGoOn() async throws {
        // Long enough that a payment finishes inside it on a loaded machine; the attempt still
        // ends by the timeout, which is all the receiver ever gives it.
        let harness = try await GatewayHarness.make(configuration: Self.configuration(timeout: .seconds(20)))
        let receiver = WebhookReceiver(answering: [200], hangs: true)
        let start = harness.clock.now()
        try await receiver.run { url in
            try await harness.test { session in
                _ = try await session.createEndpoint(url: url, events: ["transaction.authorized"])
                _ = try await session.pay("authorization")
                let passDone = Locked(false)
                let pass = Task {
                    defer { passDone.withLock { $0 = true } }
                    return try await harness.services.webhooks.deliverDue()
                }
                var arrivals = receiver.arrivals.makeAsyncIterator()
                _ = await arrivals.next()
                // The receiver holds the webhook; a payment goes through meanwhile.
                let sale = try await session.pay("sale")
                #expect(sale.status == .captured)
                #expect(passDone.withLock { $0 } == false, "the payment finished while the webhook was still in flight")

                #expect(try await pass.value == WebhookPassReport(attempted: 1, retried: 1))
                let event = try #require(try await OutboxProbe(store: harness.store, merchantId: harness.merchantId).all()
                    .first { $0.type == "transaction.authorized" })
                let deliveries = try await harness.store.read { try await $0.webhookDeliveries(eventId: event.id, merchantId: harness.merchantId) }
                let delivery = try #require(deliveries.first)
                #expect(delivery.status == .pending)
                #expect(delivery.nextAttemptAt == start.addingTimeInterval(30))
                let attempts = try await harness.store.read { try await $0.webhookAttempts(deliveryId: delivery.id, merchantId: harness.merchantId) }
                #expect(attempts.count == 1)
                #expect(attempts.first?.statusCode == nil)
                // The outcome names the injected timeout; how long the wait took is a wall-clock
                // measurement a loaded machine stretches, so it is not asserted.
                #expect(attempts.first?.error == "timed out after 20 s")
            }
        }
    }

    @Test func aDeliveryIsGivenUpThreeDaysAfterItsEvent() async throws {
        let harness = try await GatewayHarness.make(configuration: Self.configuration(), webhookTransport: RefusingTransport())
        let start = harness.clock.now()
        try await harness.test { session in
            _ = try await session.createEndpoint(events: ["transaction.captured"])
            _ = try await session.pay("sale")
            let worker = harness.services.webhooks
            var attempts = 0
            var last = WebhookPassReport()
            for _ in 0..<100 {
                last = try await worker.deliverDue()
                attempts += last.attempted
                if last.failed > 0 { break }
                let due = try await harness.store.read { try await $0.dueWebhookDeliveries(at: .distantFuture, limit: 1) }
                let next = try #require(due.first).nextAttemptAt
                harness.clock.advance(by: next.timeIntervalSince(harness.clock.now()))
            }
            // 30 s doubling to 4 h (9 waits, 15 330 s), then every 4 h: the 26th attempt, at
            // 245 730 s, is the last whose retry would still fall within 3 days (259 200 s).
            #expect(last == WebhookPassReport(attempted: 1, failed: 1))
            #expect(attempts == 26)
            #expect(harness.clock.now() == start.addingTimeInterval(245_730))
            #expect(try await worker.deliverDue() == WebhookPassReport())
        }
    }

    @Test func theOutboxSurvivesARestart() async throws {
        let path = TemporaryDatabasePath(prefix: "tapline-webhooks")
        defer { path.remove() }
        let keys = GatewayKeys.generate()
        let first = try await SQLiteStore.open(path: path.path)
        let harness = try await GatewayHarness.make(store: first, keys: keys, configuration: Self.configuration())
        let receiver = WebhookReceiver(answering: [200])
        try await receiver.run { url in
            try await harness.test { session in
                _ = try await session.createEndpoint(url: url)
                _ = try await session.pay("sale")
            }
            try await first.close()

            let reopened = try await SQLiteStore.open(path: path.path)
            var dependencies = harness.dependencies
            dependencies.store = reopened
            let restarted = GatewayServices(configuration: harness.configuration, dependencies: dependencies)
            #expect(try await restarted.webhooks.deliverDue() == WebhookPassReport(attempted: 2, delivered: 2))
            #expect(Set(receiver.received.compactMap { $0.headers["tapline-event-type"] }) == ["transaction.created", "transaction.captured"])
            try await reopened.close()
        }
    }
}

/// A transport whose every POST is refused, as by a server that is down.
struct RefusingTransport: WebhookTransport {
    struct Refused: Error {}

    func post(_ request: WebhookRequest, timeout: Duration) async throws -> Int {
        throw Refused()
    }
}
