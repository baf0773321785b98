import Foundation

/// What the gateway remembers of one `Idempotency-Key`: the request it came with and,
/// once finished, the response to replay.
public struct IdempotencyRecord: Sendable, Equatable, Codable {
    public enum State: String, Sendable, Codable {
        case inProgress
        case completed
    }

    public var merchantId: String
    public var key: String
    /// SHA-256 hex of method, path and body: a different request under the same key is refused.
    public var requestHash: String
    public var state: State
    public var responseStatus: Int?
    public var responseBody: Data?
    /// The transaction the request created, so recovery can finish the record after a crash.
    public var transactionId: String?
    public var createdAt: Date
    /// The API whose shape the response takes (the gateway's names: "v1", "halo", "koard"…),
    /// so recovery finishing the record after a crash answers as the route would have.
    /// Nil for records from before it was kept: those are `/v1`.
    public var responseFormat: String?

    public init(merchantId: String, key: String, requestHash: String, state: State = .inProgress,
                responseStatus: Int? = nil, responseBody: Data? = nil, transactionId: String? = nil, createdAt: Date,
                responseFormat: String? = nil) {
        self.merchantId = merchantId
        self.key = key
        self.requestHash = requestHash
        self.state = state
        self.responseStatus = responseStatus
        self.responseBody = responseBody
        self.transactionId = transactionId
        self.createdAt = createdAt
        self.responseFormat = responseFormat
    }
}
