import Foundation
import GatewayAPI

extension GatewayServices {
    /// Registers a webhook endpoint for a merchant, as `POST /v1/webhooks/endpoints` does,
    /// for admin tools and benchmarks; returns its id and its secret (shown this once).
    public func createWebhookEndpoint(merchantId: String, url: String, events: [String]? = nil) async throws -> (id: String, secret: String) {
        let created = try await webhookEndpoints.create(CreateWebhookEndpointRequest(url: url, events: events), merchantId: merchantId)
        return (created.id, created.secret ?? "")
    }
}
