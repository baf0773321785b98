import Foundation

/// A merchant's webhook endpoint: where its events are posted and which ones.
public struct WebhookEndpoint: Sendable, Equatable, Codable {
    public var id: String
    public var merchantId: String
    public var url: String
    /// Event type names, or `["*"]` for all.
    public var events: [String]
    public var description: String?
    /// The signing secret, sealed by the gateway (AES-GCM under a key derived from its
    /// token-signing key), so the database alone does not reveal it.
    public var sealedSecret: String
    public var createdAt: Date
    /// Set when the merchant deletes the endpoint; deleted endpoints get nothing more.
    public var deletedAt: Date?

    public init(id: String, merchantId: String, url: String, events: [String], description: String? = nil,
                sealedSecret: String, createdAt: Date, deletedAt: Date? = nil) {
        self.id = id
        self.merchantId = merchantId
        self.url = url
        self.events = events
        self.description = description
        self.sealedSecret = sealedSecret
        self.createdAt = createdAt
        self.deletedAt = deletedAt
    }
}
