/// Why a provider's service gave no usable answer. The descriptions name the service's
/// failure, never the body sent or received: both may hold card data or tokens.
public enum ProviderServiceError: Error, Equatable, CustomStringConvertible {
    /// Refused, reset, a TLS failure (a certificate that does not match), a name that does
    /// not resolve.
    case unreachable(String)
    /// No whole answer within the endpoint's timeout.
    case timedOut
    /// An HTTP status other than 200.
    case status(Int)
    /// An answer body longer than the endpoint allows.
    case tooLarge(Int)

    public var description: String {
        switch self {
        case .unreachable(let reason): return "unreachable (\(reason))"
        case .timedOut: return "no answer within the timeout"
        case .status(let code): return "answered HTTP \(code)"
        case .tooLarge(let limit): return "answered more than \(limit) bytes"
        }
    }
}
