import Foundation
import Logging

/// A failed attempt of a delivery pass and what happens to its delivery next, logged by the
/// worker once the pass's write has committed (a write run again after a conflict would
/// otherwise log it twice).
struct WebhookFailedAttempt: Sendable, Equatable {
    /// What the delivery does after this attempt.
    enum Next: Sendable, Equatable {
        case retry(at: Date)
        /// The retry period ended: the delivery is `failed`.
        case givenUp
        /// The endpoint was deleted while the attempt ran.
        case cancelled
    }

    let endpointId: String
    let eventId: String
    let deliveryId: String
    /// 1 for the delivery's first attempt.
    let attempt: Int
    let statusCode: Int?
    /// The short reason the attempt stored (``WebhookFailureReason``).
    let reason: String
    let next: Next

    /// One warning line naming the endpoint, the event, the reason and the next try, so a
    /// dead endpoint shows in the log without reading the database. Never the URL, which
    /// may carry a merchant's token.
    func log(to logger: Logger) {
        var metadata: Logger.Metadata = [
            "endpoint_id": .string(endpointId), "event_id": .string(eventId), "delivery_id": .string(deliveryId),
            "attempt": .stringConvertible(attempt), "reason": .string(reason),
        ]
        if let statusCode { metadata["status"] = .stringConvertible(statusCode) }
        switch next {
        case .retry(let date): metadata["next_attempt"] = .string(date.ISO8601Format())
        case .givenUp: metadata["next_attempt"] = "given up"
        case .cancelled: metadata["next_attempt"] = "none (endpoint deleted)"
        }
        logger.warning("webhook attempt failed", metadata: metadata)
    }
}
