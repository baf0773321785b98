import Foundation

/// The retry schedule of webhook deliveries, in this one place. After a failed attempt
/// number n (1, 2, …) the next one is due `firstDelay × 2^(n−1)` later, capped at
/// `maxDelay`: 30 s, 1 min, 2 min, 4 min, … 4 h, 4 h, …. A delivery whose next attempt
/// would fall more than `giveUpAfter` (3 days) after its event was created is marked
/// `failed` instead: given up, still visible (and replayable by id) under `GET /v1/events`.
public struct WebhookRetryPolicy: Sendable, Equatable {
    public var firstDelay: TimeInterval = 30
    public var maxDelay: TimeInterval = 4 * 3600
    public var giveUpAfter: TimeInterval = 3 * 24 * 3600
    /// How far a claim moves a delivery's due time, so a second gateway on the same
    /// database does not post it at the same time. Longer than any attempt can take.
    public var lease: TimeInterval = 120

    public init() {}

    /// The wait after failed attempt number `attempt` (1-based).
    public func delay(afterAttempt attempt: Int) -> TimeInterval {
        let doublings = max(0, min(attempt - 1, 30))
        return min(maxDelay, firstDelay * Double(1 << doublings))
    }

    /// When to try again after failed attempt number `attempt` made at `attemptedAt`, or nil
    /// when that would be past the retry period of an event created at `eventCreatedAt`.
    public func nextAttempt(after attempt: Int, attemptedAt: Date, eventCreatedAt: Date) -> Date? {
        let next = attemptedAt.addingTimeInterval(delay(afterAttempt: attempt))
        return next <= eventCreatedAt.addingTimeInterval(giveUpAfter) ? next : nil
    }
}
