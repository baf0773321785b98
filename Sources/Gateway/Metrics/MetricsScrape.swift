import Foundation
import Hummingbird
import Storage

/// One `GET /metrics`: the gauges that describe a state (the acquirer links, the webhook
/// outbox) are read now, then the registry is printed. Counters and histograms were kept as
/// things happened.
struct MetricsScrape: Sendable {
    let metrics: GatewayMetrics
    let store: any Store
    let acquirers: AcquirerNetwork?
    let now: @Sendable () -> Date

    /// Owed reversals are counted up to this many per link: past it the number is a
    /// problem to look at, not to count exactly at every scrape.
    static let reversalCountLimit = 10_000

    /// The Prometheus text exposition, version 0.0.4.
    func response() async throws -> Response {
        try await sample()
        return Response(
            status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: metrics.exposition())))
    }

    func sample() async throws {
        let now = now()
        let limit = Self.reversalCountLimit
        for link in acquirers?.links ?? [] {
            let processorId = link.processor.identity.id
            let owed = try await store.read { try await $0.duePendingReversals(at: .distantFuture, processorId: processorId, limit: limit) }
            let status = link.link.status
            metrics.acquirerLink(
                link.name, connectionsUp: status.upConnections, connectionsConfigured: status.configuredConnections,
                inFlight: link.link.inFlight, reversalsOwed: owed.count)
        }
        let backlog = try await store.read { try await $0.webhookBacklog() }
        metrics.webhookOutbox(backlog: backlog.count, oldestAge: backlog.oldestEventCreatedAt.map { now.timeIntervalSince($0) } ?? 0)
    }
}
