import Foundation
import GatewayAPI
import Storage

/// A merchant's webhook endpoints: create (the secret is made here and shown once), list,
/// read, rotate the secret, delete.
struct WebhookEndpointService: Sendable {
    static let maxURLLength = 2048
    /// The characters the OpenAPI document's pattern allows in a host (`URLComponents` also
    /// takes others: `HTTP://0*` has the host `0*`).
    static let hostCharacters = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._~-")
    static let maxDescriptionLength = 500
    let store: any Store
    let secrets: WebhookSecretBox
    let now: @Sendable () -> Date
    let makeId: @Sendable () -> String

    /// Checks and stores a new endpoint; returns it with its secret in the clear, the only time.
    func create(_ request: CreateWebhookEndpointRequest, merchantId: String) async throws -> WebhookEndpointResource {
        let checked = try Self.validate(request)
        let id = "we_" + makeId()
        let secret = WebhookSecretBox.newSecret()
        let endpoint = WebhookEndpoint(
            id: id, merchantId: merchantId, url: checked.url, events: checked.events ?? [WebhookEventType.wildcard],
            description: checked.description, sealedSecret: try secrets.seal(secret, endpointId: id), createdAt: now())
        try await store.write { try await $0.insert(endpoint) }
        var resource = Self.render(endpoint)
        resource.secret = secret
        return resource
    }

    func list(merchantId: String) async throws -> [WebhookEndpointResource] {
        try await store.read { try await $0.webhookEndpoints(merchantId: merchantId) }.map(Self.render)
    }

    func endpoint(id: String, merchantId: String) async throws -> WebhookEndpointResource {
        guard let found = try await store.read({ try await $0.webhookEndpoint(id: id, merchantId: merchantId) }),
              found.deletedAt == nil else { throw GatewayFailure.notFound(.webhookEndpoint, id: id) }
        return Self.render(found)
    }

    /// Replaces the endpoint's secret with a new one, returned in the clear this once. The
    /// old secret stops at once: every delivery from now on, a retry of an older event
    /// included, is signed with the new one, so update the receiver straight after.
    func rotateSecret(id: String, merchantId: String) async throws -> WebhookEndpointResource {
        let secret = WebhookSecretBox.newSecret()
        let sealed = try secrets.seal(secret, endpointId: id)
        let rotated = try await store.write { writer -> WebhookEndpoint? in
            guard var endpoint = try await writer.webhookEndpoint(id: id, merchantId: merchantId), endpoint.deletedAt == nil else { return nil }
            endpoint.sealedSecret = sealed
            try await writer.update(endpoint)
            return endpoint
        }
        guard let rotated else { throw GatewayFailure.notFound(.webhookEndpoint, id: id) }
        var resource = Self.render(rotated)
        resource.secret = secret
        return resource
    }

    /// Deletes the endpoint and cancels what was still on its way to it.
    func delete(id: String, merchantId: String) async throws -> WebhookEndpointResource {
        let now = now()
        let deleted = try await store.write { writer -> WebhookEndpoint? in
            guard var endpoint = try await writer.webhookEndpoint(id: id, merchantId: merchantId), endpoint.deletedAt == nil else { return nil }
            endpoint.deletedAt = now
            try await writer.update(endpoint)
            _ = try await writer.cancelWebhookDeliveries(endpointId: id, merchantId: merchantId)
            return endpoint
        }
        guard let deleted else { throw GatewayFailure.notFound(.webhookEndpoint, id: id) }
        return Self.render(deleted)
    }

    static func render(_ endpoint: WebhookEndpoint) -> WebhookEndpointResource {
        WebhookEndpointResource(
            id: endpoint.id, url: endpoint.url, events: endpoint.events, description: endpoint.description, createdAt: endpoint.createdAt)
    }

    /// The request as asked, or 400 naming the field at fault. Empty `events` means all.
    static func validate(_ request: CreateWebhookEndpointRequest) throws -> CreateWebhookEndpointRequest {
        guard request.url.count <= maxURLLength, let components = URLComponents(string: request.url),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host, !host.isEmpty, host.allSatisfy(hostCharacters.contains) else {
            throw GatewayFailure.invalid("url", "url must be an absolute http or https URL with a host, at most \(maxURLLength) characters", .url)
        }
        var checked = request
        if let events = request.events {
            let known = Set(WebhookEventType.allCases.map(\.rawValue) + [WebhookEventType.wildcard])
            for (index, name) in events.enumerated() where !known.contains(name) {
                throw GatewayFailure.invalid(
                    "events.\(index)", "\(name) is not an event type; use * or one of: \(WebhookEventType.allCases.map(\.rawValue).joined(separator: ", "))", .unknownEventType)
            }
            var seen = Set<String>()
            let distinct = events.filter { seen.insert($0).inserted }
            checked.events = distinct.isEmpty ? nil : distinct
        }
        if let description = request.description, description.count > maxDescriptionLength {
            throw GatewayFailure.invalid("description", "description must be at most \(maxDescriptionLength) characters")
        }
        return checked
    }
}
