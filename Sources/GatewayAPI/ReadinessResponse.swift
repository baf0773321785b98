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
    /// `readable` or `unreadable`: whether a cheap read of the database worked. Optional so
    /// that answers of gateways from before it still decode.
    public var database: String?
    /// Why the gateway is not ready, in a sentence; absent when it is ready.
    public var reason: String?

    /// `ready` is whether the processor is reachable; `databaseError`, when the database
    /// could not be read, says why. The gateway is ready when both are fine.
    public init(ready: Bool, links: [String: Bool]? = nil, databaseError: String? = nil) {
        status = ready && databaseError == nil ? "ready" : "not_ready"
        processor = ready ? "reachable" : "unreachable"
        self.links = links?.mapValues { $0 ? "up" : "down" }
        database = databaseError == nil ? "readable" : "unreadable"
        reason = databaseError ?? (ready ? nil : "no processor can be reached for new payments")
    }

    /// The gateway has begun to stop: not ready, whatever else holds.
    public mutating func stopping() {
        status = "not_ready"
        reason = "the gateway is stopping"
    }
}
