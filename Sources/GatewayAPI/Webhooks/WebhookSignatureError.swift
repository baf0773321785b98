import Foundation

/// Why a webhook's signature did not verify.
public enum WebhookSignatureError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The header is not `t=<seconds>,v1=<64 hex digits>[,v1=…]`.
    case malformedHeader
    /// The header has a timestamp but no `v1` signature.
    case noSignature
    /// The signed time is further than `tolerance` seconds from the receiver's clock (a replay, or a wrong clock).
    case timestampOutsideTolerance(timestamp: Int64, tolerance: TimeInterval)
    /// No `v1` signature matches the body under the secret: the body was changed or the secret is wrong.
    case signatureMismatch

    public var description: String {
        switch self {
        case .malformedHeader: return "the Tapline-Signature header is malformed; expected t=<unix seconds>,v1=<hex HMAC-SHA256>"
        case .noSignature: return "the Tapline-Signature header has no v1 signature"
        case .timestampOutsideTolerance(let timestamp, let tolerance):
            return "the webhook was signed at \(timestamp), more than \(Int(tolerance)) s from now; refusing it as a possible replay"
        case .signatureMismatch: return "no v1 signature matches the body and the secret"
        }
    }
}
