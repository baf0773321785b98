import Foundation
import Logging
import ServiceLifecycle
import Storage

/// What one delivery pass did.
public struct WebhookPassReport: Sendable, Equatable {
    /// Deliveries claimed and attempted.
    public var attempted = 0
    public var delivered = 0
    /// Failed attempts scheduled for another try.
    public var retried = 0
    /// Deliveries given up (the retry period ended).
    public var failed = 0
    /// Deliveries dropped because their endpoint was deleted.
    public var cancelled = 0
    /// Due deliveries of an endpoint that failed in this pass, moved to its next retry
    /// without an attempt.
    public var postponed = 0
}

/// Delivers the outbox: a background `Service`, apart from request handling, so payments
/// never wait for a merchant's server. Each pass claims due deliveries in one short write,
/// posts them with no transaction open (at most `concurrency` at once), then records every
/// attempt and each delivery's new state in one write. It wakes when the outbox pokes its
/// ``WebhookNotifier`` and otherwise every `pollInterval`.
public struct WebhookWorker: Service {
    let store: any Store
    let poster: WebhookPoster
    let notifier: WebhookNotifier
    let policy: WebhookRetryPolicy
    let concurrency: Int
    let batchSize: Int
    let pollInterval: Duration
    let now: @Sendable () -> Date
    let makeId: @Sendable () -> String
    let logger: Logger
    /// Counts each pass's deliveries by outcome (`tapline_webhook_deliveries_total`).
    var metrics: GatewayMetrics?

    public func run() async throws {
        let notifier = notifier
        let pollInterval = pollInterval
        // A stop lets the pass in flight finish its POSTs (each bounded by the webhook timeout)
        // and starts no other; what is left is due again at the next start.
        await withGracefulShutdownHandler {
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    while !Task.isCancelled {
                        notifier.poke()
                        do { try await Task.sleep(for: pollInterval) } catch { return }
                    }
                }
                for await _ in notifier.wakes {
                    await drain()
                }
                group.cancelAll()
            }
        } onGracefulShutdown: {
            notifier.finish()
        }
    }

    /// Passes until nothing is due, so a backlog (after a restart) drains at once.
    private func drain() async {
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            do {
                let report = try await deliverDue()
                if report.attempted + report.cancelled < batchSize { return }
            } catch is CancellationError {
                // The gateway is stopping: the deliveries left are due again at the next start.
                return
            } catch {
                logger.error("webhook delivery pass failed", metadata: ["error": "\(error)"])
                return
            }
        }
    }

    /// One pass: claim what is due now, post it, record the outcome.
    @discardableResult
    public func deliverDue() async throws -> WebhookPassReport {
        var report = WebhookPassReport()
        let (jobs, cancelled) = try await claim()
        report.cancelled = cancelled
        guard !jobs.isEmpty else {
            metrics?.webhookPassRecorded(report)
            return report
        }
        let (results, heldBack) = await post(jobs)
        report.attempted = results.count
        let recorder = WebhookPassRecorder(policy: policy, now: now(), makeId: makeId)
        let (outcome, failures) = try await store.write { try await recorder.record(results, heldBack: heldBack, in: $0) }
        // Logged once the write has committed: a write run again would log them twice.
        for failure in failures { failure.log(to: logger) }
        report.delivered = outcome.delivered
        report.retried = outcome.retried
        report.failed = outcome.failed
        report.postponed = outcome.postponed
        metrics?.webhookPassRecorded(report)
        return report
    }

    /// Takes the due deliveries: their due time moves forward by the lease so no other
    /// worker takes them while this one posts. Deliveries of deleted endpoints are cancelled.
    private func claim() async throws -> (jobs: [WebhookJob], cancelled: Int) {
        let now = now()
        let lease = policy.lease
        let batchSize = batchSize
        return try await store.write { writer in
            var jobs: [WebhookJob] = []
            var cancelled = 0
            for var delivery in try await writer.dueWebhookDeliveries(at: now, limit: batchSize) {
                let event = try await writer.webhookEvent(id: delivery.eventId, merchantId: delivery.merchantId)
                let endpoint = try await writer.webhookEndpoint(id: delivery.endpointId, merchantId: delivery.merchantId)
                guard let event, let endpoint, endpoint.deletedAt == nil else {
                    delivery.status = .cancelled
                    try await writer.update(delivery)
                    cancelled += 1
                    continue
                }
                delivery.nextAttemptAt = now.addingTimeInterval(lease)
                try await writer.update(delivery)
                jobs.append(WebhookJob(delivery: delivery, event: event, endpoint: endpoint))
            }
            return (jobs, cancelled)
        }
    }

    /// Posts the jobs, at most `concurrency` at a time and at most half of that to one
    /// endpoint; returns the attempts and the jobs held back because their endpoint failed.
    private func post(_ jobs: [WebhookJob]) async -> (results: [WebhookAttemptResult], heldBack: [WebhookJob]) {
        let poster = poster
        let slots = max(1, concurrency)
        var dispatch = WebhookDispatch(jobs, perEndpoint: max(1, slots / 2))
        return await withTaskGroup(of: WebhookAttemptResult.self) { group in
            var results: [WebhookAttemptResult] = []
            var running = 0
            while true {
                while running < slots, let job = dispatch.next() {
                    group.addTask { await poster.attempt(job) }
                    running += 1
                }
                guard let result = await group.next() else { break }
                running -= 1
                results.append(result)
                dispatch.finished(result)
            }
            return (results, dispatch.heldBack)
        }
    }
}
