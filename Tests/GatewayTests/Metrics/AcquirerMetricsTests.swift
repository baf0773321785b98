import CardData
import Foundation
@testable import Gateway
import GatewayAPI
import Processing
import Testing

/// The acquirer link's metrics against a real `scripts/acquirer_host.py`: its connections,
/// requests in flight and reversals owed, read at the scrape, and the reconciliation results.
@Suite("Metrics: the acquirer link", .enabled(if: AcquirerHostProcess.isAvailable), .serialized)
struct AcquirerMetricsTests {
    @Test func theLinkGaugesShowItsConnectionsAndTheReversalItOwes() async throws {
        try await AcquirerHarness.with(
            hostFlags: ["--ignore-reversals", "1"], processorTimeout: .milliseconds(300), connections: 1) { acquirer in
            let gateway = acquirer.gateway
            let network = AcquirerNetwork(links: [acquirer.link], routing: AcquirerRouting(defaultLink: acquirer.link.name))
            let scrape = MetricsScrape(metrics: gateway.dependencies.metrics, store: gateway.store, acquirers: network, now: gateway.clock.now)
            try await gateway.test { (session: TestSession) async throws in
                _ = try await session.pay(amount: 1_000)
                let lost = try await session.send(.post, APIPath.sale, json: TestSession.cardBody(pan: TestCards.noAnswer.pan, amount: 4_000))
                #expect(lost.status == 504)
                _ = try await session.send(.post, APIPath.closeBatch)
            }
            try await scrape.sample()
            let text = PrometheusText(gateway.dependencies.metrics.exposition())
            let link = ["link": acquirer.link.name]
            #expect(text.value("tapline_acquirer_link_connections_up", link) == 1)
            #expect(text.value("tapline_acquirer_link_connections_configured", link) == 1)
            // The ignored reversal may still wait for its answer, or have timed out by now.
            #expect([0, 1].contains(text.value("tapline_acquirer_link_in_flight", link)))
            // The host ignored the lost sale's reversal: the gateway still owes it.
            #expect(text.value("tapline_acquirer_reversals_owed", link) == 1)
            #expect(text.all("tapline_acquirer_reconciliations_total") == [["result": "mismatch"]: 1])
            #expect(text.all("tapline_payments_total") == [
                ["type": "sale", "outcome": "captured", "response_code": "00"]: 1,
                // No answer: the link's own 91 (issuer or switch inoperative).
                ["type": "sale", "outcome": "failed", "response_code": "91"]: 1,
            ])
            let processor = ProcessorIdentity.iso8583Acquirer.id
            #expect(text.value("tapline_processor_request_duration_seconds_count", ["processor": processor, "operation": "authorize"]) == 2)
            #expect(text.value("tapline_processor_request_duration_seconds_count", ["processor": processor, "operation": "reconcile"]) == 1)
        }
    }
}
