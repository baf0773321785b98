/// Where the acquirer host is and how the link keeps its connections to it.
public struct ISO8583LinkConfiguration: Sendable, Hashable {
    /// The acquirer host's name or address.
    public var host: String
    /// The acquirer host's TCP port.
    public var port: Int
    /// Persistent connections kept open at once; each signs on by itself.
    public var connections: Int
    /// The longest wait for a TCP connection, and for the answer to a sign-on, an echo test,
    /// a key request or a sign-off.
    public var connectTimeout: Duration
    /// A connection on which nothing arrived for this long is checked with an echo test.
    public var echoInterval: Duration
    /// The wait before the first reconnection attempt; it doubles after each failed one.
    public var reconnectBackoffInitial: Duration
    /// The longest wait between reconnection attempts.
    public var reconnectBackoffMaximum: Duration
    /// The longest frame read or written (at most 65 535, what the header can say).
    public var frameLimit: Int
    /// How often the link asks the host for a new working key (an 0800 with 70 = 161 and no
    /// 125, docs/iso8583.md "Key exchange"); nil, the default, never.
    public var keyExchangeInterval: Duration?

    public init(
        host: String,
        port: Int,
        connections: Int = 2,
        connectTimeout: Duration = .seconds(5),
        echoInterval: Duration = .seconds(60),
        reconnectBackoffInitial: Duration = .milliseconds(500),
        reconnectBackoffMaximum: Duration = .seconds(30),
        frameLimit: Int = ISO8583Framing.defaultLimit,
        keyExchangeInterval: Duration? = nil
    ) {
        self.host = host
        self.port = port
        self.connections = connections
        self.connectTimeout = connectTimeout
        self.echoInterval = echoInterval
        self.reconnectBackoffInitial = reconnectBackoffInitial
        self.reconnectBackoffMaximum = reconnectBackoffMaximum
        self.frameLimit = frameLimit
        self.keyExchangeInterval = keyExchangeInterval
    }
}
