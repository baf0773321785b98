import Foundation
import Storage

extension SQLWriter {
    func insert(_ endpoint: WebhookEndpoint) async throws {
        tokens.forget(merchantId: endpoint.merchantId)
        try await insert(endpoint, into: SQLTables.webhookEndpoints, subject: "webhook endpoint \(endpoint.id)")
    }

    func update(_ endpoint: WebhookEndpoint) async throws {
        tokens.forget(merchantId: endpoint.merchantId)
        try await update(endpoint, in: SQLTables.webhookEndpoints, subject: "webhook endpoint \(endpoint.id)")
    }

    func insert(_ event: WebhookEvent) async throws {
        try await send(event, into: SQLTables.webhookEvents, subject: "webhook event \(event.id)")
    }

    func insert(_ delivery: WebhookDelivery) async throws {
        try await send(delivery, into: SQLTables.webhookDeliveries, subject: "webhook delivery \(delivery.id)")
    }

    func update(_ delivery: WebhookDelivery) async throws {
        try await update(delivery, in: SQLTables.webhookDeliveries, subject: "webhook delivery \(delivery.id)")
    }

    func insert(_ attempt: WebhookAttempt) async throws {
        try await insert(attempt, into: SQLTables.webhookAttempts, subject: "webhook attempt \(attempt.id)")
    }

    func postponeWebhookDeliveries(
        endpointId: String, merchantId: String, dueBy: Date, until: Date, giveUpCreatedBefore: Date
    ) async throws -> (postponed: Int, givenUp: Int) {
        let pending = WebhookDelivery.Status.pending.rawValue
        let givenUp = try await session.rows(
            """
            UPDATE webhook_deliveries SET status = ? WHERE endpoint_id = ? AND merchant_id = ? AND status = ?
            AND next_attempt_at <= ? AND event_created_at < ? RETURNING 1 AS changed
            """,
            [.text(WebhookDelivery.Status.failed.rawValue), .text(endpointId), .text(merchantId), .text(pending),
             SQLValue.date(dueBy), SQLValue.date(giveUpCreatedBefore)]
        ).count
        let postponed = try await session.rows(
            """
            UPDATE webhook_deliveries SET next_attempt_at = ? WHERE endpoint_id = ? AND merchant_id = ? AND status = ?
            AND next_attempt_at <= ? RETURNING 1 AS changed
            """,
            [SQLValue.date(until), .text(endpointId), .text(merchantId), .text(pending), SQLValue.date(dueBy)]
        ).count
        return (postponed, givenUp)
    }

    func cancelWebhookDeliveries(endpointId: String, merchantId: String) async throws -> Int {
        try await session.rows(
            "UPDATE webhook_deliveries SET status = ? WHERE endpoint_id = ? AND merchant_id = ? AND status = ? RETURNING 1 AS cancelled",
            [.text(WebhookDelivery.Status.cancelled.rawValue), .text(endpointId), .text(merchantId),
             .text(WebhookDelivery.Status.pending.rawValue)]
        ).count
    }
}
