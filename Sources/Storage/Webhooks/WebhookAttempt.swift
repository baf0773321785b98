import Foundation

/// One POST of a delivery and how it ended.
public struct WebhookAttempt: Sendable, Equatable, Codable {
    public var id: String
    public var deliveryId: String
    public var merchantId: String
    public var attemptedAt: Date
    /// The endpoint's HTTP status; nil when there was no answer.
    public var statusCode: Int?
    /// Why the attempt failed, in a few plain words ("HTTP 500", "connection refused",
    /// "timed out after 10 s"); nil when it was delivered.
    public var error: String?
    public var durationMilliseconds: Int

    public init(id: String, deliveryId: String, merchantId: String, attemptedAt: Date, statusCode: Int?, error: String?, durationMilliseconds: Int) {
        self.id = id
        self.deliveryId = deliveryId
        self.merchantId = merchantId
        self.attemptedAt = attemptedAt
        self.statusCode = statusCode
        self.error = error
        self.durationMilliseconds = durationMilliseconds
    }
}
