import Foundation
@testable import Gateway
import Logging
import ServiceLifecycle
import Testing
import TestSupport

/// A stop lets the webhook worker finish the POST it started, instead of cutting it and
/// posting the event again at the next start; then the worker returns.
@Suite("Webhook worker: a stop finishes the deliveries in flight")
struct WebhookStopTests {
    @Test func aDeliveryInFlightAtTheStopIsFinishedNotCut() async throws {
        var configuration = WebhookDeliveryTests.configuration()
        configuration.webhookPollInterval = .milliseconds(20)
        let transport = HeldTransport()
        let harness = try await GatewayHarness.make(configuration: configuration, webhookTransport: transport)
        try await harness.test { session in
            _ = try await session.createEndpoint(url: "https://merchant.example/hooks", events: ["transaction.captured"])
            _ = try await session.pay("sale")
        }
        let worker = harness.services.webhooks
        let group = ServiceGroup(configuration: .init(services: [worker], logger: Logger(label: "test")))
        let running = Task { try await group.run() }
        await transport.started()
        await group.triggerGracefulShutdown()
        transport.release()
        try await running.value
        #expect(transport.outcomes == ["answered 200"], "the POST in flight at the stop ran to its answer")
        #expect(try await worker.deliverDue() == WebhookPassReport(), "the delivery was recorded, nothing is due again")
    }
}

/// Holds each POST until released, and says whether it ended answered or cancelled.
private final class HeldTransport: WebhookTransport, Sendable {
    private let startedStream = AsyncStream<Void>.makeStream()
    private let releaseStream = AsyncStream<Void>.makeStream()
    private let recorded = Locked<[String]>([])

    var outcomes: [String] { recorded.withLock { $0 } }

    func started() async {
        for await _ in startedStream.stream { return }
    }

    func release() { releaseStream.continuation.finish() }

    func post(_ request: WebhookRequest, timeout: Duration) async throws -> Int {
        startedStream.continuation.yield()
        for await _ in releaseStream.stream {}
        let outcome = Task.isCancelled ? "cancelled" : "answered 200"
        recorded.withLock { $0.append(outcome) }
        try Task.checkCancellation()
        return 200
    }
}
