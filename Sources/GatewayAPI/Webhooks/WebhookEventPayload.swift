import Foundation

/// The body of a webhook, exactly as stored in the outbox and posted to every endpoint.
/// Receivers drop duplicates by `id`: delivery is at least once.
public struct WebhookEventPayload: Codable, Sendable, Equatable {
    /// `evt_…`, the same on every retry and every endpoint.
    public var id: String
    /// One of ``WebhookEventType``'s raw values.
    public var type: String
    public var createdAt: Date
    public var data: WebhookEventData

    public init(id: String, type: String, createdAt: Date, data: WebhookEventData) {
        self.id = id
        self.type = type
        self.createdAt = createdAt
        self.data = data
    }
}

/// What the event is about. A `transaction.*` event has the payment as it was after the
/// change and, for a follow-up, the operation row; a `batch.*` event has the batch.
public struct WebhookEventData: Codable, Sendable, Equatable {
    public var transaction: TransactionResource?
    public var operation: TransactionResource?
    public var batch: BatchResource?
    public var dispute: DisputeResource?

    public init(
        transaction: TransactionResource? = nil, operation: TransactionResource? = nil, batch: BatchResource? = nil,
        dispute: DisputeResource? = nil
    ) {
        self.transaction = transaction
        self.operation = operation
        self.batch = batch
        self.dispute = dispute
    }
}
