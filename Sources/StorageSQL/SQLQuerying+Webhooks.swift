import Foundation
import Storage

extension SQLQuerying {
    func webhookEndpoint(id: String, merchantId: String) async throws -> WebhookEndpoint? {
        try await fetch(SQLTables.webhookEndpoints, where: "id = ? AND merchant_id = ?", [.text(id), .text(merchantId)]).first
    }

    func webhookEndpoints(merchantId: String) async throws -> [WebhookEndpoint] {
        try await webhookEndpointRows(merchantId: merchantId)
    }

    /// The merchant's live endpoints as stored, never from a cache.
    func webhookEndpointRows(merchantId: String) async throws -> [WebhookEndpoint] {
        try await fetch(
            SQLTables.webhookEndpoints, where: "merchant_id = ? AND deleted_at IS NULL", [.text(merchantId)], orderBy: "created_at, id")
    }

    func webhookEvent(id: String, merchantId: String) async throws -> WebhookEvent? {
        try await fetch(SQLTables.webhookEvents, where: "id = ? AND merchant_id = ?", [.text(id), .text(merchantId)]).first
    }

    func webhookEvents(_ query: WebhookEventQuery) async throws -> WebhookEventPage {
        var conditions = ["merchant_id = ?"]
        var binds: [SQLValue] = [.text(query.merchantId)]
        if let type = query.type { conditions.append("type = ?"); binds.append(.text(type)) }
        if let transactionId = query.transactionId { conditions.append("transaction_id = ?"); binds.append(.text(transactionId)) }
        if let from = query.createdFrom { conditions.append("created_at >= ?"); binds.append(SQLValue.date(from)) }
        if let to = query.createdTo { conditions.append("created_at < ?"); binds.append(SQLValue.date(to)) }
        let condition = conditions.joined(separator: " AND ")
        let counted = try await session.rows("SELECT COUNT(*) AS total FROM webhook_events WHERE \(condition)", binds)
        let total = try counted.first.map { try SQLRowReader($0, table: "webhook_events").int("total") } ?? 0
        let (offset, limit) = query.pageWindow
        guard offset < total, limit > 0 else { return WebhookEventPage(items: [], total: total) }
        let items = try await fetch(
            SQLTables.webhookEvents, where: condition, binds + [SQLValue.integer(limit), SQLValue.integer(offset)],
            orderBy: "created_at DESC, id DESC LIMIT ? OFFSET ?")
        return WebhookEventPage(items: items, total: total)
    }

    func webhookDeliveries(eventId: String, merchantId: String) async throws -> [WebhookDelivery] {
        try await fetch(
            SQLTables.webhookDeliveries, where: "event_id = ? AND merchant_id = ?", [.text(eventId), .text(merchantId)], orderBy: "id")
    }

    func webhookAttempts(deliveryId: String, merchantId: String) async throws -> [WebhookAttempt] {
        try await fetch(
            SQLTables.webhookAttempts, where: "delivery_id = ? AND merchant_id = ?", [.text(deliveryId), .text(merchantId)],
            orderBy: "attempted_at, id")
    }

    func dueWebhookDeliveries(at date: Date, limit: Int) async throws -> [WebhookDelivery] {
        try await fetch(
            SQLTables.webhookDeliveries, where: "status = ? AND next_attempt_at <= ?",
            [.text(WebhookDelivery.Status.pending.rawValue), SQLValue.date(date)],
            // The limit is written in, not bound: SQLite prepares a statement with `LIMIT ?`
            // again on every run (its plan may depend on the value), and this one polls.
            orderBy: "next_attempt_at, id LIMIT \(max(0, limit))", lock: deliveryClaim)
    }

    func webhookBacklog() async throws -> WebhookBacklog {
        let rows = try await session.rows(
            "SELECT COUNT(*) AS total, MIN(event_created_at) AS oldest FROM webhook_deliveries WHERE status = ?",
            [.text(WebhookDelivery.Status.pending.rawValue)])
        guard let row = rows.first else { return WebhookBacklog(count: 0, oldestEventCreatedAt: nil) }
        let reader = SQLRowReader(row, table: "webhook_deliveries")
        return WebhookBacklog(count: try reader.int("total"), oldestEventCreatedAt: try reader.optionalDate("oldest"))
    }
}
