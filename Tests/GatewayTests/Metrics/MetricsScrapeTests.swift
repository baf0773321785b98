import CardData
import Foundation
@testable import Gateway
import GatewayAPI
import Processing
import Testing

/// `GET /metrics` after a run of payments: every count exact, per label set, from this
/// gateway's own registry (other tests' gateways run in the same process meanwhile).
@Suite("Metrics: the scrape counts what happened")
struct MetricsScrapeTests {
    static let simulator = ProcessorIdentity.simulator.id

    @Test func aScrapeAfterPaymentsCountsRequestsPaymentsFollowUpsAndDeliveriesExactly() async throws {
        var configuration = GatewayConfiguration()
        configuration.webhookWorkerEnabled = false
        let harness = try await GatewayHarness.make(configuration: configuration)
        let receiver = WebhookReceiver(answering: [200])
        try await receiver.run { url in
            try await harness.test { session in
                _ = try await session.createEndpoint(url: url, events: ["transaction.refunded"])
                var sales: [TransactionResource] = []
                for _ in 0..<3 { sales.append(try await session.pay("sale")) }
                var declineStatuses: [Int] = []
                for pan in [TestCards.doNotHonour.pan, TestCards.doNotHonour.pan, TestCards.insufficientFunds.pan] {
                    declineStatuses.append(try await session.send(.post, APIPath.sale, json: TestSession.cardBody(pan: pan)).status)
                }
                let hold = try await session.pay("authorization")
                #expect(try await session.followUp(hold.id, .capture).status == 201)
                #expect(try await session.followUp(sales[0].id, .refund, json: #"{"amount":100}"#).status == 201)
                #expect(try await session.send(.get, "/no/such/path").status == 404)
                #expect(try await session.send(.get, "/v1/transactions/\(sales[1].id)/no-such-step").status == 404)

                let first = PrometheusText(try await session.send(.get, APIPath.metrics).text)
                #expect(first.all("tapline_payments_total") == [
                    ["type": "sale", "outcome": "captured", "response_code": "00"]: 3,
                    ["type": "sale", "outcome": "declined", "response_code": "05"]: 2,
                    ["type": "sale", "outcome": "declined", "response_code": "51"]: 1,
                    ["type": "authorization", "outcome": "authorized", "response_code": "00"]: 1,
                ])
                #expect(first.all("tapline_follow_ups_total") == [
                    ["type": "capture", "outcome": "approved", "response_code": "00"]: 1,
                    ["type": "refund", "outcome": "approved", "response_code": "00"]: 1,
                ])
                // The route template, never the concrete path; unknown paths are one label.
                var requests: [[String: String]: Double] = [
                    ["route": "/v1/oauth/token", "method": "POST", "status": "200"]: 1,
                    ["route": "/v1/webhooks/endpoints", "method": "POST", "status": "201"]: 1,
                    ["route": "/v1/transactions/authorization", "method": "POST", "status": "201"]: 1,
                    ["route": "/v1/transactions/{id}/capture", "method": "POST", "status": "201"]: 1,
                    ["route": "/v1/transactions/{id}/refund", "method": "POST", "status": "201"]: 1,
                    ["route": "unmatched", "method": "GET", "status": "404"]: 2,
                ]
                requests[["route": "/v1/transactions/sale", "method": "POST", "status": "201"], default: 0] += 3
                for status in declineStatuses {
                    requests[["route": "/v1/transactions/sale", "method": "POST", "status": "\(status)"], default: 0] += 1
                }
                #expect(first.all("tapline_http_requests_total") == requests)
                #expect(first.value("tapline_http_request_duration_seconds_count", ["route": "/v1/transactions/sale", "method": "POST"]) == 6)
                #expect(first.all("tapline_processor_request_duration_seconds_count") == [
                    ["processor": Self.simulator, "operation": "authorize"]: 7,
                    ["processor": Self.simulator, "operation": "capture"]: 1,
                    ["processor": Self.simulator, "operation": "refund"]: 1,
                ])
                #expect((first.value("tapline_database_write_duration_seconds_count") ?? 0) >= 9)
                // The refund's event waits in the outbox.
                #expect(first.value("tapline_webhook_outbox_backlog") == 1)
                #expect(first.value("tapline_webhook_outbox_oldest_age_seconds") == 0)
                #expect(first.all("tapline_webhook_deliveries_total").isEmpty)

                #expect(try await harness.services.webhooks.deliverDue().delivered == 1)
                let second = PrometheusText(try await session.send(.get, APIPath.metrics).text)
                #expect(second.all("tapline_webhook_deliveries_total") == [["outcome": "delivered"]: 1])
                #expect(second.value("tapline_webhook_outbox_backlog") == 0)
                #expect(second.value("tapline_http_requests_total", ["route": "/metrics", "method": "GET", "status": "200"]) == 1)
                #expect(second.all("tapline_payments_total") == first.all("tapline_payments_total"))
            }
        }
    }

    /// A backlog's oldest age is measured on the gateway's clock from the event's time.
    @Test func theOutboxGaugesShowTheBacklogAndItsOldestAge() async throws {
        var configuration = GatewayConfiguration()
        configuration.webhookWorkerEnabled = false
        let harness = try await GatewayHarness.make(configuration: configuration)
        try await harness.test { session in
            _ = try await session.createEndpoint(url: "https://merchant.example/hooks", events: ["transaction.captured"])
            _ = try await session.pay("sale")
            harness.clock.advance(by: 40)
            _ = try await session.pay("sale")
            harness.clock.advance(by: 2)
            let scrape = PrometheusText(try await session.send(.get, APIPath.metrics).text)
            #expect(scrape.value("tapline_webhook_outbox_backlog") == 2)
            #expect(scrape.value("tapline_webhook_outbox_oldest_age_seconds") == 42)
        }
    }

    /// Each job round is counted per job, and a job that throws counts as a failure too.
    @Test func jobRunsAndFailuresAreCountedPerJob() async throws {
        let harness = try await GatewayHarness.make()
        let services = harness.services
        let metrics = harness.dependencies.metrics
        struct Unreadable: Error {}
        let cardKeys = CardKeyRing(harness.dependencies.keys.cardDataKeys, version: 1, reload: { throw Unreadable() }, logger: harness.dependencies.logger)
        let jobs = JobScheduler(
            recovery: services.recovery, expiry: services.expiry, settlement: services.settlement, achClearing: services.achClearing, disputeFeed: services.disputeFeed,
            cardKeys: cardKeys, interval: .seconds(3_600), logger: harness.dependencies.logger, metrics: metrics)
        await jobs.runRound()
        await jobs.runRound()
        let scrape = PrometheusText(metrics.exposition())
        #expect(scrape.all("tapline_job_runs_total") == [
            ["job": "expiry"]: 2, ["job": "settlement"]: 2, ["job": "ach_clearing"]: 2, ["job": "card_keys"]: 2,
        ])
        #expect(scrape.all("tapline_job_failures_total") == [["job": "card_keys"]: 2])
    }
}
