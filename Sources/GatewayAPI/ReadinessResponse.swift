/// `GET /ready`: whether the gateway can take payments now. 200 when it can, 503 when its
/// processor cannot be reached (an acquirer link with no connection up), so a load balancer
/// sends payments to an instance that can make them.
public struct ReadinessResponse: Codable, Sendable, Equatable {
    /// `ready` or `not_ready`.
    public var status: String
    /// `reachable` or `unreachable`.
    public var processor: String

    public init(ready: Bool) {
        status = ready ? "ready" : "not_ready"
        processor = ready ? "reachable" : "unreachable"
    }
}
