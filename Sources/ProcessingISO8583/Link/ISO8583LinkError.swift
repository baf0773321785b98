/// Why ``ISO8583Link/send(_:timeout:)`` returned no response. Cases carry no field values,
/// so an error can be logged as it is.
public enum ISO8583LinkError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No connection is signed on; nothing was sent. The link does not wait for one.
    case notConnected
    /// No answer within the timeout; the request may have reached the host.
    case timedOut
    /// The connection carrying the request closed before the answer; the request may have
    /// reached the host.
    case connectionLost
    /// The request does not fit the field table; nothing was sent.
    case encoding(ISO8583EncodeError)
    /// The encoded request is longer than the frame limit; nothing was sent.
    case framing(ISO8583FrameError)
    /// A request with the same terminal id (41) and STAN (11) is already waiting for its
    /// answer; nothing was sent, since the two answers could not be told apart.
    case duplicateInFlight
    /// The request has no STAN (11), or its type gets no response (a response or a
    /// notification): nothing could be matched to it, so nothing was sent.
    case unmatchable
    /// A response with the request's terminal id (41) and STAN (11) came, but not of the
    /// request's response type: it cannot be trusted, so the request ends at once as
    /// unanswered; the request may have reached the host.
    case wrongResponseType
    /// The calling task was cancelled while waiting; the request may have reached the host.
    case cancelled
    /// The MAC could not be computed (the security module refused); nothing was sent.
    case macNotComputed(SecurityModuleError)
    /// The answer came with a missing or wrong MAC: it cannot be trusted, so the request ends
    /// at once as unanswered; the request may have reached the host.
    case badMAC

    public var description: String {
        switch self {
        case .notConnected: return "no connection to the acquirer is up"
        case .timedOut: return "no answer from the acquirer in time"
        case .connectionLost: return "the connection to the acquirer closed before the answer"
        case .encoding(let error): return "request not encoded: \(error)"
        case .framing(let error): return "request not framed: \(error)"
        case .duplicateInFlight: return "a request with the same terminal id and STAN is already waiting"
        case .unmatchable: return "request without STAN or without a response type"
        case .wrongResponseType: return "the acquirer answered with the wrong message type"
        case .cancelled: return "cancelled while waiting for the acquirer"
        case .macNotComputed(let error): return "request not sent: its MAC could not be computed: \(error)"
        case .badMAC: return "the acquirer's answer had a missing or wrong MAC"
        }
    }
}
