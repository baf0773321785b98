import Foundation
@testable import Gateway
import GatewayAPI
import Storage
import Testing

extension TestSession {
    /// Registers a webhook endpoint; fails the test unless the gateway answered 201.
    func createEndpoint(url: String = "https://merchant.example/hooks", events: [String]? = nil, key: String? = nil) async throws -> WebhookEndpointResource {
        let body = String(decoding: try JSONEncoder().encode(CreateWebhookEndpointRequest(url: url, events: events)), as: UTF8.self)
        let reply = try await send(.post, APIPath.webhookEndpoints, json: body,
                                   headers: key.map { [.init(APIHeader.idempotencyKey)!: $0] } ?? [:])
        #expect(reply.status == 201, "\(reply.text)")
        return try reply.decode(WebhookEndpointResource.self)
    }
}

/// Reads the outbox the way a test wants to look at it.
struct OutboxProbe {
    let store: any Store
    let merchantId: String

    func all() async throws -> [WebhookEvent] {
        var query = WebhookEventQuery(merchantId: merchantId)
        query.pageSize = 1000
        let page = try await store.read { [query] in try await $0.webhookEvents(query) }
        return page.items
    }

    /// The event types written since `seen`, sorted (events of one write share their time).
    func newTypes(since seen: inout Set<String>) async throws -> [String] {
        let fresh = try await all().filter { !seen.contains($0.id) }
        seen.formUnion(fresh.map(\.id))
        return fresh.map(\.type).sorted()
    }

    func payload(_ event: WebhookEvent) throws -> WebhookEventPayload {
        try APIJSON.decoder.decode(WebhookEventPayload.self, from: event.payload)
    }
}
