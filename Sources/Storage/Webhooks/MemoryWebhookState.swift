import Foundation

/// The webhook records of a ``MemoryStore``, with the same references the SQL schema enforces.
struct MemoryWebhookState: Sendable {
    var endpoints: [String: WebhookEndpoint] = [:]
    var events: [String: WebhookEvent] = [:]
    var deliveries: [String: WebhookDelivery] = [:]
    var attempts: [String: WebhookAttempt] = [:]

    typealias Order = MemoryStoreState

    func endpoints(merchantId: String) -> [WebhookEndpoint] {
        endpoints.values.filter { $0.merchantId == merchantId && $0.deletedAt == nil }
            .sorted { Order.oldestFirst(($0.createdAt, $0.id), ($1.createdAt, $1.id)) }
    }

    func event(id: String, merchantId: String) -> WebhookEvent? {
        events[id].flatMap { $0.merchantId == merchantId ? $0 : nil }
    }

    func events(_ query: WebhookEventQuery) -> WebhookEventPage {
        let matches = events.values.filter { event in
            event.merchantId == query.merchantId
                && query.type.map { event.type == $0 } ?? true
                && query.transactionId.map { event.transactionId == $0 } ?? true
                && query.createdFrom.map { event.createdAt >= $0 } ?? true
                && query.createdTo.map { event.createdAt < $0 } ?? true
        }
        .sorted { Order.oldestFirst(($1.createdAt, $1.id), ($0.createdAt, $0.id)) }
        let (offset, limit) = query.pageWindow
        let page = offset >= matches.count ? [] : Array(matches[offset..<min(matches.count, offset + limit)])
        return WebhookEventPage(items: page, total: matches.count)
    }

    func deliveries(eventId: String, merchantId: String) -> [WebhookDelivery] {
        deliveries.values.filter { $0.eventId == eventId && $0.merchantId == merchantId }
            .sorted { Order.precedes($0.id, $1.id) }
    }

    func attempts(deliveryId: String, merchantId: String) -> [WebhookAttempt] {
        attempts.values.filter { $0.deliveryId == deliveryId && $0.merchantId == merchantId }
            .sorted { Order.oldestFirst(($0.attemptedAt, $0.id), ($1.attemptedAt, $1.id)) }
    }

    func due(at date: Date, limit: Int) -> [WebhookDelivery] {
        Array(deliveries.values.filter { $0.status == .pending && $0.nextAttemptAt <= date }
            .sorted { Order.oldestFirst(($0.nextAttemptAt, $0.id), ($1.nextAttemptAt, $1.id)) }
            .prefix(max(0, limit)))
    }
}

extension MemoryStoreState {
    mutating func insert(_ endpoint: WebhookEndpoint) throws {
        guard webhooks.endpoints[endpoint.id] == nil else { throw StoreError.duplicate("webhook endpoint \(endpoint.id)") }
        try requireMerchantExists(endpoint.merchantId, for: "webhook endpoint \(endpoint.id)")
        webhooks.endpoints[endpoint.id] = endpoint
    }

    mutating func update(_ endpoint: WebhookEndpoint) throws {
        guard webhooks.endpoints[endpoint.id]?.merchantId == endpoint.merchantId else {
            throw StoreError.notFound("webhook endpoint \(endpoint.id)")
        }
        webhooks.endpoints[endpoint.id] = endpoint
    }

    mutating func insert(_ event: WebhookEvent) throws {
        guard webhooks.events[event.id] == nil else { throw StoreError.duplicate("webhook event \(event.id)") }
        try requireMerchantExists(event.merchantId, for: "webhook event \(event.id)")
        webhooks.events[event.id] = event
    }

    mutating func insert(_ delivery: WebhookDelivery) throws {
        guard webhooks.deliveries[delivery.id] == nil else { throw StoreError.duplicate("webhook delivery \(delivery.id)") }
        guard webhooks.events[delivery.eventId]?.merchantId == delivery.merchantId,
              webhooks.endpoints[delivery.endpointId]?.merchantId == delivery.merchantId else {
            throw StoreError.notFound("the event or endpoint referenced by webhook delivery \(delivery.id)")
        }
        webhooks.deliveries[delivery.id] = delivery
    }

    mutating func update(_ delivery: WebhookDelivery) throws {
        guard webhooks.deliveries[delivery.id]?.merchantId == delivery.merchantId else {
            throw StoreError.notFound("webhook delivery \(delivery.id)")
        }
        webhooks.deliveries[delivery.id] = delivery
    }

    mutating func insert(_ attempt: WebhookAttempt) throws {
        guard webhooks.attempts[attempt.id] == nil else { throw StoreError.duplicate("webhook attempt \(attempt.id)") }
        guard webhooks.deliveries[attempt.deliveryId]?.merchantId == attempt.merchantId else {
            throw StoreError.notFound("the delivery referenced by webhook attempt \(attempt.id)")
        }
        webhooks.attempts[attempt.id] = attempt
    }

    mutating func cancelWebhookDeliveries(endpointId: String, merchantId: String) -> Int {
        var changed = 0
        for (id, delivery) in webhooks.deliveries
        where delivery.endpointId == endpointId && delivery.merchantId == merchantId && delivery.status == .pending {
            webhooks.deliveries[id]?.status = .cancelled
            changed += 1
        }
        return changed
    }

    mutating func postponeWebhookDeliveries(
        endpointId: String, merchantId: String, dueBy: Date, until: Date, giveUpCreatedBefore: Date
    ) -> (postponed: Int, givenUp: Int) {
        var counts = (postponed: 0, givenUp: 0)
        for (id, delivery) in webhooks.deliveries
        where delivery.endpointId == endpointId && delivery.merchantId == merchantId && delivery.status == .pending
            && delivery.nextAttemptAt <= dueBy {
            if delivery.eventCreatedAt < giveUpCreatedBefore {
                webhooks.deliveries[id]?.status = .failed
                counts.givenUp += 1
            } else {
                webhooks.deliveries[id]?.nextAttemptAt = until
                counts.postponed += 1
            }
        }
        return counts
    }

    private func requireMerchantExists(_ id: String, for subject: String) throws {
        guard merchants[id] != nil else { throw StoreError.notFound("merchant \(id) referenced by \(subject)") }
    }
}
