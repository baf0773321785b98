import Foundation
import PostgresNIO
import Storage

extension PostgresQuerying {
    func webhookEndpoint(id: String, merchantId: String) async throws -> WebhookEndpoint? {
        try await fetch(PostgresTables.webhookEndpoints, where: "id = ? AND merchant_id = ?", [.text(id), .text(merchantId)]).first
    }

    func webhookEndpoints(merchantId: String) async throws -> [WebhookEndpoint] {
        try await fetch(
            PostgresTables.webhookEndpoints, where: "merchant_id = ? AND deleted_at IS NULL", [.text(merchantId)], orderBy: "created_at, id")
    }

    func webhookEvent(id: String, merchantId: String) async throws -> WebhookEvent? {
        try await fetch(PostgresTables.webhookEvents, where: "id = ? AND merchant_id = ?", [.text(id), .text(merchantId)]).first
    }

    func webhookEvents(_ query: WebhookEventQuery) async throws -> WebhookEventPage {
        var conditions = ["merchant_id = ?"]
        var binds: [PostgresValue] = [.text(query.merchantId)]
        if let type = query.type { conditions.append("type = ?"); binds.append(.text(type)) }
        if let transactionId = query.transactionId { conditions.append("transaction_id = ?"); binds.append(.text(transactionId)) }
        if let from = query.createdFrom { conditions.append("created_at >= ?"); binds.append(PostgresValue.date(from)) }
        if let to = query.createdTo { conditions.append("created_at < ?"); binds.append(PostgresValue.date(to)) }
        let condition = conditions.joined(separator: " AND ")
        let counted = try await session.rows("SELECT COUNT(*) AS total FROM webhook_events WHERE \(condition)", binds)
        let total = try counted.first.map { try PostgresRowReader(row: $0, table: "webhook_events").int("total") } ?? 0
        let (offset, limit) = query.pageWindow
        guard offset < total, limit > 0 else { return WebhookEventPage(items: [], total: total) }
        let items = try await fetch(
            PostgresTables.webhookEvents, where: condition, binds + [PostgresValue.integer(limit), PostgresValue.integer(offset)],
            orderBy: "created_at DESC, id DESC LIMIT ? OFFSET ?")
        return WebhookEventPage(items: items, total: total)
    }

    func webhookDeliveries(eventId: String, merchantId: String) async throws -> [WebhookDelivery] {
        try await fetch(
            PostgresTables.webhookDeliveries, where: "event_id = ? AND merchant_id = ?", [.text(eventId), .text(merchantId)], orderBy: "id")
    }

    func webhookAttempts(deliveryId: String, merchantId: String) async throws -> [WebhookAttempt] {
        try await fetch(
            PostgresTables.webhookAttempts, where: "delivery_id = ? AND merchant_id = ?", [.text(deliveryId), .text(merchantId)],
            orderBy: "attempted_at, id")
    }

    func dueWebhookDeliveries(at date: Date, limit: Int) async throws -> [WebhookDelivery] {
        try await fetch(
            PostgresTables.webhookDeliveries, where: "status = ? AND next_attempt_at <= ?",
            [.text(WebhookDelivery.Status.pending.rawValue), PostgresValue.date(date), PostgresValue.integer(max(0, limit))],
            orderBy: "next_attempt_at, id LIMIT ?", lock: dueDeliveryClaim)
    }
}

extension PostgresWriter {
    func insert(_ endpoint: WebhookEndpoint) async throws {
        try await insert(endpoint, into: PostgresTables.webhookEndpoints, subject: "webhook endpoint \(endpoint.id)")
    }

    func update(_ endpoint: WebhookEndpoint) async throws {
        try await update(endpoint, in: PostgresTables.webhookEndpoints, subject: "webhook endpoint \(endpoint.id)")
    }

    func insert(_ event: WebhookEvent) async throws {
        try await insert(event, into: PostgresTables.webhookEvents, subject: "webhook event \(event.id)")
    }

    func insert(_ delivery: WebhookDelivery) async throws {
        try await insert(delivery, into: PostgresTables.webhookDeliveries, subject: "webhook delivery \(delivery.id)")
    }

    func update(_ delivery: WebhookDelivery) async throws {
        try await update(delivery, in: PostgresTables.webhookDeliveries, subject: "webhook delivery \(delivery.id)")
    }

    func insert(_ attempt: WebhookAttempt) async throws {
        try await insert(attempt, into: PostgresTables.webhookAttempts, subject: "webhook attempt \(attempt.id)")
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
             PostgresValue.date(dueBy), PostgresValue.date(giveUpCreatedBefore)]
        ).count
        let postponed = try await session.rows(
            """
            UPDATE webhook_deliveries SET next_attempt_at = ? WHERE endpoint_id = ? AND merchant_id = ? AND status = ?
            AND next_attempt_at <= ? RETURNING 1 AS changed
            """,
            [PostgresValue.date(until), .text(endpointId), .text(merchantId), .text(pending), PostgresValue.date(dueBy)]
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
