import Foundation

/// `GET /v1/events`: one page of events, newest first, and the number of all matches.
public struct WebhookEventList: Codable, Sendable, Equatable {
    public var items: [WebhookEventPayload]
    public var total: Int
    public var page: Int
    public var pageSize: Int

    public init(items: [WebhookEventPayload], total: Int, page: Int, pageSize: Int) {
        self.items = items
        self.total = total
        self.page = page
        self.pageSize = pageSize
    }
}

/// `GET /v1/events/{id}`: the event and its delivery to each endpoint.
public struct WebhookEventDetails: Codable, Sendable, Equatable {
    public var event: WebhookEventPayload
    public var deliveries: [WebhookDeliveryResource]

    public init(event: WebhookEventPayload, deliveries: [WebhookDeliveryResource]) {
        self.event = event
        self.deliveries = deliveries
    }
}

/// One event's delivery to one endpoint.
public struct WebhookDeliveryResource: Codable, Sendable, Equatable {
    public var id: String
    public var endpointId: String
    /// `pending`, `delivered`, `failed` (given up) or `cancelled` (the endpoint was deleted).
    public var status: String
    public var attemptCount: Int
    /// When the next try is due, while pending.
    public var nextAttemptAt: Date?
    public var deliveredAt: Date?
    public var attempts: [WebhookAttemptResource]

    public init(id: String, endpointId: String, status: String, attemptCount: Int, nextAttemptAt: Date?, deliveredAt: Date?, attempts: [WebhookAttemptResource]) {
        self.id = id
        self.endpointId = endpointId
        self.status = status
        self.attemptCount = attemptCount
        self.nextAttemptAt = nextAttemptAt
        self.deliveredAt = deliveredAt
        self.attempts = attempts
    }
}

/// One POST of a delivery: the HTTP status if an answer came, and why it failed if it did.
public struct WebhookAttemptResource: Codable, Sendable, Equatable {
    public var attemptedAt: Date
    /// The endpoint's HTTP status; nil when no answer came.
    public var statusCode: Int?
    /// Why the attempt failed in a few plain words ("HTTP 500", "connection refused",
    /// "timed out after 10 s"); nil when it was delivered.
    public var error: String?
    public var durationMs: Int

    public init(attemptedAt: Date, statusCode: Int?, error: String?, durationMs: Int) {
        self.attemptedAt = attemptedAt
        self.statusCode = statusCode
        self.error = error
        self.durationMs = durationMs
    }
}
