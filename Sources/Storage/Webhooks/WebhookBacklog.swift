import Foundation

/// The webhook outbox's size: deliveries still `pending` (due now or waiting for a retry) and
/// when the oldest one's event was made.
public struct WebhookBacklog: Sendable, Equatable {
    public var count: Int
    /// Nil when nothing is pending.
    public var oldestEventCreatedAt: Date?

    public init(count: Int, oldestEventCreatedAt: Date?) {
        self.count = count
        self.oldestEventCreatedAt = oldestEventCreatedAt
    }
}
