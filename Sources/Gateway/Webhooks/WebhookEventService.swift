import Foundation
import GatewayAPI
import Storage

/// Reads the outbox for a merchant: its events, and one event with its deliveries and attempts.
struct WebhookEventService: Sendable {
    let store: any Store

    func list(_ query: WebhookEventQuery) async throws -> WebhookEventList {
        let page = try await store.read { try await $0.webhookEvents(query) }
        return WebhookEventList(items: try page.items.map(Self.payload), total: page.total, page: query.page, pageSize: query.pageSize)
    }

    func details(id: String, merchantId: String) async throws -> WebhookEventDetails {
        let found = try await store.read { reader -> (WebhookEvent, [(WebhookDelivery, [WebhookAttempt])])? in
            guard let event = try await reader.webhookEvent(id: id, merchantId: merchantId) else { return nil }
            var deliveries: [(WebhookDelivery, [WebhookAttempt])] = []
            for delivery in try await reader.webhookDeliveries(eventId: id, merchantId: merchantId) {
                deliveries.append((delivery, try await reader.webhookAttempts(deliveryId: delivery.id, merchantId: merchantId)))
            }
            return (event, deliveries)
        }
        guard let (event, deliveries) = found else { throw GatewayFailure.notFound(.event, id: id) }
        return WebhookEventDetails(event: try Self.payload(event), deliveries: deliveries.map { delivery, attempts in
            WebhookDeliveryResource(
                id: delivery.id, endpointId: delivery.endpointId, status: delivery.status.rawValue, attemptCount: delivery.attemptCount,
                nextAttemptAt: delivery.status == .pending ? delivery.nextAttemptAt : nil, deliveredAt: delivery.deliveredAt,
                attempts: attempts.map {
                    WebhookAttemptResource(attemptedAt: $0.attemptedAt, statusCode: $0.statusCode, error: $0.error, durationMs: $0.durationMilliseconds)
                })
        })
    }

    /// The stored body, as the endpoints received it.
    static func payload(_ event: WebhookEvent) throws -> WebhookEventPayload {
        try JSONCoding.decoder.decode(WebhookEventPayload.self, from: event.payload)
    }
}
