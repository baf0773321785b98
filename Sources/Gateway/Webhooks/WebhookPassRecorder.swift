import Foundation
import Storage

/// The last step of a delivery pass, inside one write: every attempt, each delivery's new
/// state on the retry schedule, and the postponement of what a failing endpoint still has
/// due, so its backlog does not take a timeout per delivery from everyone else's pass.
struct WebhookPassRecorder: Sendable {
    let policy: WebhookRetryPolicy
    let now: Date
    let makeId: @Sendable () -> String

    /// What the pass did, and each failed attempt with its delivery's next step for the log.
    func record(
        _ results: [WebhookAttemptResult], heldBack: [WebhookJob], in writer: any StoreWriter
    ) async throws -> (report: WebhookPassReport, failures: [WebhookFailedAttempt]) {
        var outcome = WebhookPassReport()
        var failures: [WebhookFailedAttempt] = []
        var endpointRetries: [String: Date] = [:]
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
            if !result.isDelivered {
                let retry = result.attemptedAt.addingTimeInterval(policy.delay(afterAttempt: delivery.attemptCount))
                endpointRetries[delivery.endpointId] = min(endpointRetries[delivery.endpointId] ?? retry, retry)
                failures.append(WebhookFailedAttempt(
                    endpointId: delivery.endpointId, eventId: delivery.eventId, deliveryId: delivery.id,
                    attempt: delivery.attemptCount, statusCode: result.statusCode, reason: result.error ?? "unknown",
                    next: delivery.status == .cancelled ? .cancelled
                        : delivery.status == .failed ? .givenUp : .retry(at: delivery.nextAttemptAt)))
            }
            try await writer.update(delivery)
        }
        // A failing endpoint's other due deliveries wait for its next retry, unattempted,
        // so its backlog does not take a timeout per delivery from everyone else's pass.
        for job in heldBack {
            var delivery = job.delivery
            let current = try await writer.webhookDeliveries(eventId: delivery.eventId, merchantId: delivery.merchantId)
                .first { $0.id == delivery.id }
            // The endpoint was deleted while the pass ran: leave the delivery cancelled.
            if current?.status == .cancelled { continue }
            let retry = endpointRetries[delivery.endpointId] ?? now.addingTimeInterval(policy.firstDelay)
            if retry > delivery.eventCreatedAt.addingTimeInterval(policy.giveUpAfter) {
                delivery.status = .failed
                outcome.failed += 1
            } else {
                delivery.nextAttemptAt = retry
                outcome.postponed += 1
            }
            try await writer.update(delivery)
        }
        for (endpointId, retry) in endpointRetries {
            guard let merchantId = results.first(where: { $0.job.endpoint.id == endpointId })?.job.delivery.merchantId else { continue }
            let moved = try await writer.postponeWebhookDeliveries(
                endpointId: endpointId, merchantId: merchantId, dueBy: now, until: retry,
                giveUpCreatedBefore: retry.addingTimeInterval(-policy.giveUpAfter))
            outcome.postponed += moved.postponed
            outcome.failed += moved.givenUp
        }
        return (outcome, failures)
    }
}
