/// How the processor reaches the acquirer: one request out, its response back. The TCP
/// link is the real one; tests may give another.
public protocol ISO8583Transport: Sendable {
    /// Sends `request` and waits at most `timeout` for the response matched to it.
    func send(_ request: ISO8583Message, timeout: Duration) async throws(ISO8583TransportError) -> ISO8583Message
    /// Whether requests can be sent now (at least one connection is up and signed on).
    var isUp: Bool { get }
}

/// Why a request got no response.
public enum ISO8583TransportError: Error, Equatable, Sendable {
    /// Nothing was sent (no connection up, or the message could not be encoded).
    case notSent(String)
    /// Sent, but no response came: the host may have acted on it, so it is owed a reversal.
    case unanswered(String)
}
