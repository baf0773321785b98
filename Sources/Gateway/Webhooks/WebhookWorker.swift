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

    public func run() async throws {
        let notifier = notifier
        let pollInterval = pollInterval
        await cancelWhenGracefulShutdown {
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
        }
    }

    /// Passes until nothing is due, so a backlog (after a restart) drains at once.
    private func drain() async {
        while !Task.isCancelled {
            do {
                let report = try await deliverDue()
                if report.attempted + report.cancelled < batchSize { return }
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
        guard !jobs.isEmpty else { return report }
        let results = await post(jobs)
        report.attempted = results.count
        let policy = policy
        let makeId = makeId
        let outcome = try await store.write { writer -> WebhookPassReport in
            var outcome = WebhookPassReport()
            for result in results {
                try await writer.insert(WebhookAttempt(
                    id: "wha_" + makeId(), deliveryId: result.job.delivery.id, merchantId: result.job.delivery.merchantId,
                    attemptedAt: result.attemptedAt, statusCode: result.statusCode, error: result.error,
                    durationMilliseconds: result.durationMilliseconds))
                var delivery = result.job.delivery
                let current = try await writer.webhookDeliveries(eventId: delivery.eventId, merchantId: delivery.merchantId)
                    .first { $0.id == delivery.id }
                delivery.attemptCount = (current?.attemptCount ?? delivery.attemptCount) + 1
                if result.isDelivered {
                    delivery.status = .delivered
                    delivery.deliveredAt = result.attemptedAt
                    outcome.delivered += 1
                } else if current?.status == .cancelled {
                    delivery.status = .cancelled
                } else if let next = policy.nextAttempt(
                    after: delivery.attemptCount, attemptedAt: result.attemptedAt, eventCreatedAt: delivery.eventCreatedAt) {
                    delivery.nextAttemptAt = next
                    outcome.retried += 1
                } else {
                    delivery.status = .failed
                    outcome.failed += 1
                }
                try await writer.update(delivery)
            }
            return outcome
        }
        report.delivered = outcome.delivered
        report.retried = outcome.retried
        report.failed = outcome.failed
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

    /// Posts every job, at most `concurrency` at a time.
    private func post(_ jobs: [WebhookJob]) async -> [WebhookAttemptResult] {
        let poster = poster
        return await withTaskGroup(of: WebhookAttemptResult.self) { group in
            var results: [WebhookAttemptResult] = []
            var pending = jobs[...]
            for _ in 0..<max(1, concurrency) {
                guard let job = pending.popFirst() else { break }
                group.addTask { await poster.attempt(job) }
            }
            while let result = await group.next() {
                results.append(result)
                if let job = pending.popFirst() { group.addTask { await poster.attempt(job) } }
            }
            return results
        }
    }
}
