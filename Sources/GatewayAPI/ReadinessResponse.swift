/// `GET /ready`: whether the gateway can take payments now (200) or not (503), and, with
/// several acquirer links, the state of each.
public struct ReadinessResponse: Codable, Sendable, Equatable {
    /// `ready` or `not_ready`.
    public var status: String
    /// `reachable` or `unreachable`: whether new payments have a processor to go to.
    public var processor: String
    /// With several acquirer links (`--acquirers`): each link's name with `up` (a connection
    /// signed on) or `down`. Absent with one processor.
    public var links: [String: String]?

    public init(ready: Bool, links: [String: Bool]? = nil) {
        status = ready ? "ready" : "not_ready"
        processor = ready ? "reachable" : "unreachable"
        self.links = links?.mapValues { $0 ? "up" : "down" }
    }
}
