import Foundation

extension MemoryStoreQuerying {
    func webhookEndpoint(id: String, merchantId: String) async throws -> WebhookEndpoint? {
        try withState { $0.webhooks.endpoints[id].flatMap { $0.merchantId == merchantId ? $0 : nil } }
    }
    func webhookEndpoints(merchantId: String) async throws -> [WebhookEndpoint] {
        try withState { $0.webhooks.endpoints(merchantId: merchantId) }
    }
    func webhookEvent(id: String, merchantId: String) async throws -> WebhookEvent? {
        try withState { $0.webhooks.event(id: id, merchantId: merchantId) }
    }
    func webhookEvents(_ query: WebhookEventQuery) async throws -> WebhookEventPage {
        try withState { $0.webhooks.events(query) }
    }
    func webhookDeliveries(eventId: String, merchantId: String) async throws -> [WebhookDelivery] {
        try withState { $0.webhooks.deliveries(eventId: eventId, merchantId: merchantId) }
    }
    func webhookAttempts(deliveryId: String, merchantId: String) async throws -> [WebhookAttempt] {
        try withState { $0.webhooks.attempts(deliveryId: deliveryId, merchantId: merchantId) }
    }
    func dueWebhookDeliveries(at date: Date, limit: Int) async throws -> [WebhookDelivery] {
        try withState { $0.webhooks.due(at: date, limit: limit) }
    }
    func webhookBacklog() async throws -> WebhookBacklog {
        try withState { state in
            let pending = state.webhooks.deliveries.values.filter { $0.status == .pending }
            return WebhookBacklog(count: pending.count, oldestEventCreatedAt: pending.map(\.eventCreatedAt).min())
        }
    }
}

extension MemoryStoreWriter {
    func insert(_ endpoint: WebhookEndpoint) async throws { try change { try $0.insert(endpoint) } }
    func update(_ endpoint: WebhookEndpoint) async throws { try change { try $0.update(endpoint) } }
    func insert(_ event: WebhookEvent) async throws { try change { try $0.insert(event) } }
    func insert(_ delivery: WebhookDelivery) async throws { try change { try $0.insert(delivery) } }
    func update(_ delivery: WebhookDelivery) async throws { try change { try $0.update(delivery) } }
    func insert(_ attempt: WebhookAttempt) async throws { try change { try $0.insert(attempt) } }
    func cancelWebhookDeliveries(endpointId: String, merchantId: String) async throws -> Int {
        try change { $0.cancelWebhookDeliveries(endpointId: endpointId, merchantId: merchantId) }
    }

    func postponeWebhookDeliveries(
        endpointId: String, merchantId: String, dueBy: Date, until: Date, giveUpCreatedBefore: Date
    ) async throws -> (postponed: Int, givenUp: Int) {
        try change {
            $0.postponeWebhookDeliveries(
                endpointId: endpointId, merchantId: merchantId, dueBy: dueBy, until: until, giveUpCreatedBefore: giveUpCreatedBefore)
        }
    }
}
