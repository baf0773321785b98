/// How many of the link's connections are signed on, for a readiness answer.
public struct ISO8583LinkStatus: Hashable, Sendable, CustomStringConvertible {
    /// Connections signed on and carrying requests.
    public var upConnections: Int
    /// Connections the link keeps trying to hold (``ISO8583LinkConfiguration/connections``).
    public var configuredConnections: Int

    public init(upConnections: Int, configuredConnections: Int) {
        self.upConnections = upConnections
        self.configuredConnections = configuredConnections
    }

    /// At least one connection can carry a request.
    public var isUp: Bool { upConnections > 0 }

    public var description: String { "\(upConnections)/\(configuredConnections) connections up" }
}
