import Foundation

/// One event in the outbox: written in the same database transaction as the change it
/// reports, so an event exists exactly when its change does.
public struct WebhookEvent: Sendable, Equatable, Codable {
    /// `evt_…`; receivers drop duplicates by it.
    public var id: String
    public var merchantId: String
    public var type: String
    /// The payment the event is about; for a `batch.*` event, the batch.
    public var transactionId: String
    public var createdAt: Date
    /// The exact JSON body posted to endpoints.
    public var payload: Data

    public init(id: String, merchantId: String, type: String, transactionId: String, createdAt: Date, payload: Data) {
        self.id = id
        self.merchantId = merchantId
        self.type = type
        self.transactionId = transactionId
        self.createdAt = createdAt
        self.payload = payload
    }
}
