import Foundation
@testable import Gateway
import GatewayAPI
import Storage
import Testing
import TestSupport

/// One merchant's dead endpoint does not hold up anyone else's webhooks: it gets a few
/// attempts per pass, and its other due deliveries wait for its next retry unattempted.
@Suite("Webhook endpoint isolation")
struct WebhookIsolationTests {
    /// Refuses every POST to `down.example`, answers 200 elsewhere, and counts per host.
    final class SplitTransport: WebhookTransport {
        let posts = Locked<[String: Int]>([:])

        func post(_ request: WebhookRequest, timeout: Duration) async throws -> Int {
            let host = request.url.host ?? ""
            posts.withLock { $0[host, default: 0] += 1 }
            if host == "down.example" { throw RefusingTransport.Refused() }
            return 200
        }
    }

    @Test func aDeadEndpointTakesAFewAttemptsAndItsBacklogWaitsWhileTheOthersAreDelivered() async throws {
        var configuration = WebhookDeliveryTests.configuration()
        configuration.webhookConcurrency = 8
        let transport = SplitTransport()
        let harness = try await GatewayHarness.make(configuration: configuration, webhookTransport: transport)
        let start = harness.clock.now()
        try await harness.test { session in
            let down = try await session.createEndpoint(url: "https://down.example/hooks", events: ["transaction.created"])
            _ = try await session.createEndpoint(url: "https://up.example/hooks", events: ["transaction.captured"])
            for _ in 0..<20 { _ = try await session.pay("sale") }

            let worker = harness.services.webhooks
            let first = try await worker.deliverDue()
            let downAttempts = transport.posts.withLock { $0["down.example"] ?? 0 }
            #expect(first.delivered == 20, "every delivery to the working endpoint went out")
            #expect((1...4).contains(downAttempts), "at most half the slots, and no more once it failed")
            #expect(first.attempted == 20 + downAttempts)
            #expect(first.retried == downAttempts)
            #expect(first.postponed == 20 - downAttempts)

            let deliveries = try await harness.store.read { reader in
                var all: [WebhookDelivery] = []
                for event in try await OutboxProbe(store: harness.store, merchantId: harness.merchantId).all() {
                    all += try await reader.webhookDeliveries(eventId: event.id, merchantId: harness.merchantId)
                }
                return all.filter { $0.endpointId == down.id }
            }
            #expect(deliveries.count == 20)
            #expect(deliveries.allSatisfy { $0.status == .pending && $0.nextAttemptAt == start.addingTimeInterval(30) })
            #expect(deliveries.filter { $0.attemptCount == 0 }.count == 20 - downAttempts, "postponed without an attempt")

            // Nothing is due until the endpoint's retry; then it is probed again, a few at a time.
            #expect(try await worker.deliverDue() == WebhookPassReport())
            harness.clock.advance(by: 30)
            let second = try await worker.deliverDue()
            #expect((1...4).contains(second.attempted))
            #expect(second.delivered == 0)
            #expect(second.attempted + second.postponed == 20)
        }
    }

    @Test func heldBackJobsComeOnlyFromTheFailedEndpoint() {
        func job(_ endpoint: String, _ id: String) -> WebhookJob {
            let delivery = WebhookDelivery(id: id, eventId: "evt", endpointId: endpoint, merchantId: "m", status: .pending,
                                           nextAttemptAt: Date(timeIntervalSince1970: 0), eventCreatedAt: Date(timeIntervalSince1970: 0))
            let endpointRecord = WebhookEndpoint(id: endpoint, merchantId: "m", url: "https://x/", events: ["*"], sealedSecret: "s",
                                                 createdAt: Date(timeIntervalSince1970: 0))
            let event = WebhookEvent(id: "evt", merchantId: "m", type: "transaction.created", transactionId: "t",
                                     createdAt: Date(timeIntervalSince1970: 0), payload: Data())
            return WebhookJob(delivery: delivery, event: event, endpoint: endpointRecord)
        }
        var dispatch = WebhookDispatch([job("a", "1"), job("a", "2"), job("a", "3"), job("b", "4")], perEndpoint: 2)
        let first = dispatch.next()
        let second = dispatch.next()
        let third = dispatch.next()
        #expect([first, second, third].map { $0?.delivery.id } == ["1", "2", "4"], "a third post to a waits for a slot")
        #expect(dispatch.next() == nil)
        dispatch.finished(WebhookAttemptResult(job: first!, attemptedAt: Date(), statusCode: 500, error: nil, durationMilliseconds: 1))
        #expect(dispatch.next() == nil, "a failed: its last job is held back")
        #expect(dispatch.heldBack.map(\.delivery.id) == ["3"])
        #expect(dispatch.failedEndpoints == ["a"])
    }
}
