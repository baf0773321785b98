import Foundation

/// One event on its way to one endpoint.
public struct WebhookDelivery: Sendable, Equatable, Codable {
    public enum Status: String, Sendable, Codable, CaseIterable {
        /// Waiting for its next try at `nextAttemptAt`.
        case pending
        /// An endpoint answered 2xx.
        case delivered
        /// Given up: no 2xx before the retry period ended.
        case failed
        /// The endpoint was deleted before the event got through.
        case cancelled
    }

    public var id: String
    public var eventId: String
    public var endpointId: String
    public var merchantId: String
    public var status: Status
    public var attemptCount: Int
    /// Due at this time while pending; a worker that claims the delivery moves it forward by
    /// its lease, so another worker does not take it meanwhile.
    public var nextAttemptAt: Date
    /// When the event was created: retries stop a fixed time after it.
    public var eventCreatedAt: Date
    public var deliveredAt: Date?

    public init(id: String, eventId: String, endpointId: String, merchantId: String, status: Status = .pending,
                attemptCount: Int = 0, nextAttemptAt: Date, eventCreatedAt: Date, deliveredAt: Date? = nil) {
        self.id = id
        self.eventId = eventId
        self.endpointId = endpointId
        self.merchantId = merchantId
        self.status = status
        self.attemptCount = attemptCount
        self.nextAttemptAt = nextAttemptAt
        self.eventCreatedAt = eventCreatedAt
        self.deliveredAt = deliveredAt
    }
}
