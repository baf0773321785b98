import Foundation
import Storage

extension SQLTables {
    static let webhookEndpoints = SQLTable<WebhookEndpoint>("webhook_endpoints", key: ["id", "merchant_id"], columns: [
        Column(name: "id") { .text($0.id) },
        Column(name: "merchant_id") { .text($0.merchantId) },
        Column(name: "url") { .text($0.url) },
        Column(name: "events") { try SQLValue.json($0.events) },
        Column(name: "description") { SQLValue.text($0.description) },
        Column(name: "sealed_secret") { .text($0.sealedSecret) },
        Column(name: "created_at") { SQLValue.date($0.createdAt) },
        Column(name: "deleted_at") { SQLValue.date($0.deletedAt) },
    ]) { row in
        WebhookEndpoint(
            id: try row.text("id"), merchantId: try row.text("merchant_id"), url: try row.text("url"),
            events: try row.json([String].self, "events"), description: try row.optionalText("description"),
            sealedSecret: try row.text("sealed_secret"), createdAt: try row.date("created_at"),
            deletedAt: try row.optionalDate("deleted_at"))
    }

    static let webhookEvents = SQLTable<WebhookEvent>("webhook_events", key: ["id", "merchant_id"], columns: [
        Column(name: "id") { .text($0.id) },
        Column(name: "merchant_id") { .text($0.merchantId) },
        Column(name: "type") { .text($0.type) },
        Column(name: "transaction_id") { .text($0.transactionId) },
        Column(name: "created_at") { SQLValue.date($0.createdAt) },
        Column(name: "payload") { SQLValue.blob($0.payload) },
    ]) { row in
        WebhookEvent(
            id: try row.text("id"), merchantId: try row.text("merchant_id"), type: try row.text("type"),
            transactionId: try row.text("transaction_id"), createdAt: try row.date("created_at"),
            payload: try row.optionalBlob("payload") ?? Data())
    }

    static let webhookDeliveries = SQLTable<WebhookDelivery>("webhook_deliveries", key: ["id", "merchant_id"], columns: [
        Column(name: "id") { .text($0.id) },
        Column(name: "event_id") { .text($0.eventId) },
        Column(name: "endpoint_id") { .text($0.endpointId) },
        Column(name: "merchant_id") { .text($0.merchantId) },
        Column(name: "status") { .text($0.status.rawValue) },
        Column(name: "attempt_count") { SQLValue.integer($0.attemptCount) },
        Column(name: "next_attempt_at") { SQLValue.date($0.nextAttemptAt) },
        Column(name: "event_created_at") { SQLValue.date($0.eventCreatedAt) },
        Column(name: "delivered_at") { SQLValue.date($0.deliveredAt) },
    ]) { row in
        WebhookDelivery(
            id: try row.text("id"), eventId: try row.text("event_id"), endpointId: try row.text("endpoint_id"),
            merchantId: try row.text("merchant_id"), status: try row.value(WebhookDelivery.Status.self, "status"),
            attemptCount: try row.int("attempt_count"), nextAttemptAt: try row.date("next_attempt_at"),
            eventCreatedAt: try row.date("event_created_at"), deliveredAt: try row.optionalDate("delivered_at"))
    }

    static let webhookAttempts = SQLTable<WebhookAttempt>("webhook_attempts", key: ["id", "merchant_id"], columns: [
        Column(name: "id") { .text($0.id) },
        Column(name: "delivery_id") { .text($0.deliveryId) },
        Column(name: "merchant_id") { .text($0.merchantId) },
        Column(name: "attempted_at") { SQLValue.date($0.attemptedAt) },
        Column(name: "status_code") { SQLValue.integer($0.statusCode) },
        Column(name: "error") { SQLValue.text($0.error) },
        Column(name: "duration_ms") { SQLValue.integer($0.durationMilliseconds) },
    ]) { row in
        WebhookAttempt(
            id: try row.text("id"), deliveryId: try row.text("delivery_id"), merchantId: try row.text("merchant_id"),
            attemptedAt: try row.date("attempted_at"), statusCode: try row.optionalInt("status_code"),
            error: try row.optionalText("error"), durationMilliseconds: try row.int("duration_ms"))
    }
}
