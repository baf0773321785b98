import Foundation
@testable import Gateway
import GatewayAPI
import Storage
import Testing
import TestSupport

/// A failed webhook attempt is visible: one warning line per attempt naming the endpoint,
/// the event, a short reason and the next try, and the same reason stored on the attempt
/// that `GET /v1/events/{id}` shows.
@Suite("Webhook failure reports")
struct WebhookFailureReportTests {
    static func configuration(giveUpAfter: TimeInterval? = nil) -> GatewayConfiguration {
        var configuration = WebhookDeliveryTests.configuration()
        if let giveUpAfter { configuration.webhookRetry.giveUpAfter = giveUpAfter }
        return configuration
    }

    /// The warning lines of failed attempts captured so far.
    static func failureLines(_ harness: GatewayHarness) -> [String] {
        harness.logs.all.filter { $0.hasPrefix("warning webhook attempt failed") }
    }

    /// The only delivery of the merchant's `transaction.captured` event, as the API shows it.
    static func capturedDelivery(_ session: TestSession) async throws -> (eventId: String, delivery: WebhookDeliveryResource) {
        let events = try await session.send(.get, APIPath.events + "?type=transaction.captured").decode(WebhookEventList.self)
        let event = try #require(events.items.first)
        let details = try await session.send(.get, APIPath.event(event.id)).decode(WebhookEventDetails.self)
        return (event.id, try #require(details.deliveries.first))
    }

    @Test func aReceiverAnswering500IsLoggedAndStoredAsHTTP500() async throws {
        let harness = try await GatewayHarness.make(configuration: Self.configuration())
        let receiver = WebhookReceiver(answering: [500])
        let start = harness.clock.now()
        try await receiver.run { url in
            try await harness.test { session in
                let endpoint = try await session.createEndpoint(url: url, events: ["transaction.captured"])
                _ = try await session.pay("sale")
                #expect(Self.failureLines(harness).isEmpty)
                #expect(try await harness.services.webhooks.deliverDue() == WebhookPassReport(attempted: 1, retried: 1))

                let (eventId, delivery) = try await Self.capturedDelivery(session)
                let attempt = try #require(delivery.attempts.first)
                #expect(attempt.statusCode == 500)
                #expect(attempt.error == "HTTP 500")
                let lines = Self.failureLines(harness)
                #expect(lines.count == 1)
                let line = try #require(lines.first)
                #expect(line.contains("endpoint_id=\(endpoint.id)"))
                #expect(line.contains("event_id=\(eventId)"))
                #expect(line.contains("reason=HTTP 500"))
                #expect(line.contains("status=500"))
                #expect(line.contains("next_attempt=\(start.addingTimeInterval(30).ISO8601Format())"))
            }
        }
    }

    @Test func aRefusedConnectionIsLoggedAndStoredInPlainWords() async throws {
        let harness = try await GatewayHarness.make(configuration: Self.configuration())
        let closed = try LoopbackPort()
        let start = harness.clock.now()
        try await harness.test { session in
            let endpoint = try await session.createEndpoint(url: closed.url, events: ["transaction.captured"])
            _ = try await session.pay("sale")
            #expect(try await harness.services.webhooks.deliverDue() == WebhookPassReport(attempted: 1, retried: 1))

            let (eventId, delivery) = try await Self.capturedDelivery(session)
            let attempt = try #require(delivery.attempts.first)
            #expect(attempt.statusCode == nil)
            #expect(attempt.error == "connection refused")
            let line = try #require(Self.failureLines(harness).first)
            #expect(line.contains("endpoint_id=\(endpoint.id)"))
            #expect(line.contains("event_id=\(eventId)"))
            #expect(line.contains("reason=connection refused"))
            #expect(!line.contains("status="))
            #expect(line.contains("next_attempt=\(start.addingTimeInterval(30).ISO8601Format())"))
        }
        withExtendedLifetime(closed) {}
    }

    @Test func theLastAttemptSaysItWasGivenUp() async throws {
        // A retry period shorter than the first delay: the first failure is the last.
        let harness = try await GatewayHarness.make(configuration: Self.configuration(giveUpAfter: 10), webhookTransport: RefusingTransport())
        try await harness.test { session in
            _ = try await session.createEndpoint(events: ["transaction.captured"])
            _ = try await session.pay("sale")
            #expect(try await harness.services.webhooks.deliverDue() == WebhookPassReport(attempted: 1, failed: 1))
            let (_, delivery) = try await Self.capturedDelivery(session)
            #expect(delivery.status == "failed")
            // An error the gateway has no words for is named by its type, never dumped.
            #expect(delivery.attempts.first?.error == "Refused")
            let line = try #require(Self.failureLines(harness).first)
            #expect(line.contains("next_attempt=given up"))
        }
    }

    @Test func aDeliveredAttemptLogsNoFailureAndStoresNoError() async throws {
        let harness = try await GatewayHarness.make(configuration: Self.configuration())
        let receiver = WebhookReceiver(answering: [204])
        try await receiver.run { url in
            try await harness.test { session in
                _ = try await session.createEndpoint(url: url, events: ["transaction.captured"])
                _ = try await session.pay("sale")
                #expect(try await harness.services.webhooks.deliverDue() == WebhookPassReport(attempted: 1, delivered: 1))
                let (_, delivery) = try await Self.capturedDelivery(session)
                #expect(delivery.attempts.map(\.statusCode) == [204])
                #expect(delivery.attempts.first?.error == nil)
                #expect(Self.failureLines(harness).isEmpty)
            }
        }
    }
}
