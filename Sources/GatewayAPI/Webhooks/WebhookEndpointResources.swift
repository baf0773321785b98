import Foundation

/// `POST /v1/webhooks/endpoints`.
public struct CreateWebhookEndpointRequest: Codable, Sendable, Equatable {
    /// Absolute `http` or `https` URL with a host.
    public var url: String
    /// ``WebhookEventType`` raw values, or `*`; absent or empty means every event.
    public var events: [String]?
    public var description: String?

    public init(url: String, events: [String]? = nil, description: String? = nil) {
        self.url = url
        self.events = events
        self.description = description
    }
}

/// A webhook endpoint. `secret` is present only in the answer that created it.
public struct WebhookEndpointResource: Codable, Sendable, Equatable {
    public var id: String
    public var url: String
    /// The subscribed event types; `["*"]` for all.
    public var events: [String]
    public var description: String?
    public var createdAt: Date
    /// `whsec_…`: the key of the endpoint's signatures, shown once.
    public var secret: String?

    public init(id: String, url: String, events: [String], description: String?, createdAt: Date, secret: String? = nil) {
        self.id = id
        self.url = url
        self.events = events
        self.description = description
        self.createdAt = createdAt
        self.secret = secret
    }
}

/// `GET /v1/webhooks/endpoints`.
public struct WebhookEndpointList: Codable, Sendable, Equatable {
    public var items: [WebhookEndpointResource]

    public init(items: [WebhookEndpointResource]) { self.items = items }
}
