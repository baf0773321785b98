import Metrics
import Foundation
import Prometheus

/// The gateway's metrics, served by `GET /metrics` in Prometheus' text format (README
/// "Metrics" lists every name). Each gateway owns its registry: nothing goes through the
/// process-wide `MetricsSystem`, so tests running many gateways in one process each scrape
/// their own counts.
///
/// Label values are bounded sets (route templates, types, statuses, response codes), never
/// ids, amounts, cards or merchants.
public final class GatewayMetrics: Sendable {
    /// Every metric of this gateway, and what `/metrics` prints.
    let registry: PrometheusCollectorRegistry
    private let factory: PrometheusMetricsFactory

    public init() {
        registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        // Requests, processor calls and database writes: from a millisecond to the processor timeout.
        factory.defaultDurationHistogramBuckets = [
            .milliseconds(1), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
            .milliseconds(250), .milliseconds(500), .seconds(1), .milliseconds(2500), .seconds(5), .seconds(10), .seconds(30),
        ]
        // Writes per SQLite group commit: 1 when writes come one at a time, up to the group's limit of 64.
        factory.valueHistogramBuckets["tapline_database_group_commit_size"] = [1, 2, 4, 8, 16, 32, 64]
        self.factory = factory
    }

    /// The registry's text, as `GET /metrics` answers it.
    func exposition() -> String { registry.emitToString() }

    // MARK: Requests

    /// One answered request: `route` is the router's template (`/v1/transactions/{id}`), or
    /// ``RequestMetricsMiddleware/unmatchedRoute`` for a path no route answers.
    func request(route: String, method: String, status: Int, duration: Duration) {
        CoreMetrics.Counter(label: "tapline_http_requests_total", dimensions: [("route", route), ("method", method), ("status", "\(status)")], factory: factory)
            .increment()
        CoreMetrics.Timer(label: "tapline_http_request_duration_seconds", dimensions: [("route", route), ("method", method)], factory: factory)
            .record(duration: duration)
    }

    // MARK: Payments

    /// A payment (sale, authorization, unreferenced refund, card verification, ACH debit)
    /// finished with `outcome`, its status, and the processor's response code.
    func payment(type: String, outcome: String, responseCode: String?) {
        CoreMetrics.Counter(label: "tapline_payments_total", dimensions: Self.outcome(type, outcome, responseCode), factory: factory).increment()
    }

    /// A follow-up (capture, refund, void, …) finished `approved`, `declined` or `failed`.
    func followUp(type: String, outcome: String, responseCode: String?) {
        CoreMetrics.Counter(label: "tapline_follow_ups_total", dimensions: Self.outcome(type, outcome, responseCode), factory: factory).increment()
    }

    /// How long one call to the processor named `processor` took, answered or not.
    func processorCall(processor: String, operation: String, duration: Duration) {
        CoreMetrics.Timer(
            label: "tapline_processor_request_duration_seconds", dimensions: [("processor", processor), ("operation", operation)],
            factory: factory
        ).record(duration: duration)
    }

    /// A batch's reconciliation attempt with the acquirer ended in `result` (its state).
    func reconciliation(result: String) {
        CoreMetrics.Counter(label: "tapline_acquirer_reconciliations_total", dimensions: [("result", result)], factory: factory).increment()
    }

    // MARK: The acquirer link, sampled at each scrape

    func acquirerLink(_ link: String, connectionsUp: Int, connectionsConfigured: Int, inFlight: Int, reversalsOwed: Int) {
        gauge("tapline_acquirer_link_connections_up", [("link", link)]).record(connectionsUp)
        gauge("tapline_acquirer_link_connections_configured", [("link", link)]).record(connectionsConfigured)
        gauge("tapline_acquirer_link_in_flight", [("link", link)]).record(inFlight)
        gauge("tapline_acquirer_reversals_owed", [("link", link)]).record(reversalsOwed)
    }

    // MARK: Webhooks

    /// Deliveries a pass ended with: `delivered`, `retried`, `failed`, `cancelled`, `postponed`.
    func webhookDeliveries(_ outcome: String, count: Int) {
        guard count > 0 else { return }
        CoreMetrics.Counter(label: "tapline_webhook_deliveries_total", dimensions: [("outcome", outcome)], factory: factory).increment(by: count)
    }

    /// What one delivery pass ended with, once its write committed.
    func webhookPassRecorded(_ report: WebhookPassReport) {
        webhookDeliveries("delivered", count: report.delivered)
        webhookDeliveries("retried", count: report.retried)
        webhookDeliveries("failed", count: report.failed)
        webhookDeliveries("cancelled", count: report.cancelled)
        webhookDeliveries("postponed", count: report.postponed)
    }

    /// The outbox's pending deliveries and the age of the oldest one's event, sampled at each scrape.
    func webhookOutbox(backlog: Int, oldestAge: TimeInterval) {
        gauge("tapline_webhook_outbox_backlog", []).record(backlog)
        gauge("tapline_webhook_outbox_oldest_age_seconds", []).record(max(0, oldestAge))
    }

    // MARK: Database and jobs

    /// One database write (transaction), committed or rolled back.
    func databaseWrite(duration: Duration) {
        CoreMetrics.Timer(label: "tapline_database_write_duration_seconds", dimensions: [], factory: factory).record(duration: duration)
    }

    /// One SQLite group commit: how many writes its COMMIT (one fsync) made durable.
    func databaseGroupCommit(size: Int) {
        CoreMetrics.Recorder(label: "tapline_database_group_commit_size", dimensions: [], aggregate: true, factory: factory).record(size)
    }

    /// A background job's round; `failed` when it threw (a stop is neither).
    func jobRun(_ job: String, failed: Bool) {
        CoreMetrics.Counter(label: "tapline_job_runs_total", dimensions: [("job", job)], factory: factory).increment()
        if failed { CoreMetrics.Counter(label: "tapline_job_failures_total", dimensions: [("job", job)], factory: factory).increment() }
    }

    private func gauge(_ label: String, _ dimensions: [(String, String)]) -> CoreMetrics.Gauge {
        CoreMetrics.Gauge(label: label, dimensions: dimensions, factory: factory)
    }

    /// A response code as a label: ISO 8583's two characters (or an ACH return code), `none`
    /// without an answer, anything else `other`, so a processor cannot grow the label set.
    static func responseCodeLabel(_ code: String?) -> String {
        guard let code, !code.isEmpty else { return "none" }
        guard code.count <= 4, code.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return "other" }
        return code
    }

    private static func outcome(_ type: String, _ outcome: String, _ responseCode: String?) -> [(String, String)] {
        [("type", type), ("outcome", outcome), ("response_code", responseCodeLabel(responseCode))]
    }
}

extension CoreMetrics.Timer {
    func record(duration: Duration) {
        let (seconds, attoseconds) = duration.components
        recordNanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
