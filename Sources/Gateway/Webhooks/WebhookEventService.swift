import Foundation
import GatewayAPI
import Storage

/// Reads the outbox for a merchant (its events, and one event with its deliveries and
/// attempts) and sends an event again.
struct WebhookEventService: Sendable {
    let store: any Store
    let notifier: WebhookNotifier
    let now: @Sendable () -> Date
    let makeId: @Sendable () -> String

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

    /// Sends the event again, as a new delivery with the same body and event id (so a receiver
    /// that did get it can tell), to `endpointId`, or to every endpoint that subscribes to its
    /// type now. A resent delivery retries on the usual schedule, counted from the resend.
    /// Answers the event with all its deliveries, the new ones pending.
    func resend(id: String, merchantId: String, endpointId: String?) async throws -> WebhookEventDetails {
        let now = now()
        let makeId = makeId
        let notifier = notifier
        let found = try await store.write { writer -> Bool in
            guard let event = try await writer.webhookEvent(id: id, merchantId: merchantId) else { return false }
            let live = try await writer.webhookEndpoints(merchantId: merchantId)
            let targets: [WebhookEndpoint]
            if let endpointId {
                guard let endpoint = live.first(where: { $0.id == endpointId }) else {
                    throw GatewayFailure.notFound(.webhookEndpoint, id: endpointId)
                }
                targets = [endpoint]
            } else {
                targets = live.filter { endpoint in WebhookEventType(rawValue: event.type).map { WebhookOutbox.subscribes(endpoint, to: $0) } ?? false }
            }
            guard !targets.isEmpty else {
                throw GatewayFailure.invalid("endpointId", "no endpoint subscribes to \(event.type) now; name one with endpointId")
            }
            for endpoint in targets {
                try await writer.insert(WebhookDelivery(
                    id: "whd_" + makeId(), eventId: event.id, endpointId: endpoint.id, merchantId: merchantId, nextAttemptAt: now, eventCreatedAt: now))
            }
            writer.afterCommit { notifier.poke() }
            return true
        }
        guard found else { throw GatewayFailure.notFound(.event, id: id) }
        return try await details(id: id, merchantId: merchantId)
    }

    /// The stored body, as the endpoints received it.
    static func payload(_ event: WebhookEvent) throws -> WebhookEventPayload {
        try JSONCoding.decoder.decode(WebhookEventPayload.self, from: event.payload)
    }
}
