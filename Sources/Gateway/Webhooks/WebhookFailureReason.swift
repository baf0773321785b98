import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why a webhook attempt failed, in a few plain words ("HTTP 500", "connection refused",
/// "timed out after 10 s"): what the attempt stores, `GET /v1/events/{id}` shows and the
/// worker logs. A merchant reads it to fix their server, so it is never an error dump (an
/// `NSError`'s description runs to hundreds of characters of user-info).
enum WebhookFailureReason {
    /// An answer outside 2xx.
    static func status(_ code: Int) -> String { "HTTP \(code)" }

    /// A post that got no HTTP answer; `timeout` is the attempt's bound, which a timeout names.
    static func describe(_ error: any Error, timeout: Duration) -> String {
        switch error {
        case WebhookTransportError.timedOut(let limit): return timedOut(limit)
        case WebhookTransportError.notHTTP: return "the answer was not HTTP"
        case WebhookTransportError.invalidURL: return "invalid endpoint URL"
        case is WebhookSecretError: return "endpoint secret unreadable"
        case is CancellationError: return "cancelled (shutting down)"
        case let urlError as URLError: return describe(urlError.code, timeout: timeout)
        default: break
        }
        if let reason = describeHTTPClient(error, timeout: timeout) { return reason }
        // Only a real NSError: any Swift error casts to one, its type the domain, and an
        // error of another kind is named by its type rather than dumped.
        guard type(of: error) is NSError.Type else { return String(describing: type(of: error)) }
        let nsError = error as NSError
        switch nsError.domain {
        case NSURLErrorDomain:
            // Failable on Linux, not on Darwin; `as` makes both an optional.
            guard let code = URLError.Code(rawValue: nsError.code) as URLError.Code? else {
                return "network error (URL error \(nsError.code))"
            }
            return describe(code, timeout: timeout)
        case NSPOSIXErrorDomain: return posixReason(Int32(nsError.code), timeout: timeout)
        default: break
        }
        return "\(nsError.domain) error \(nsError.code)"
    }

    static func timedOut(_ limit: Duration) -> String {
        let seconds = Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18
        let shown = seconds == seconds.rounded() ? String(Int64(seconds)) : String(format: "%g", seconds)
        return "timed out after \(shown) s"
    }

    private static func describe(_ code: URLError.Code, timeout: Duration) -> String {
        switch code {
        case .cannotConnectToHost: return "connection refused"
        case .timedOut: return timedOut(timeout)
        case .cannotFindHost, .dnsLookupFailed: return "host not found (DNS)"
        case .networkConnectionLost: return "connection lost"
        case .notConnectedToInternet: return "no network"
        case .secureConnectionFailed: return "TLS handshake failed"
        case .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateHasUnknownRoot,
             .serverCertificateNotYetValid:
            return "TLS certificate not trusted"
        case .clientCertificateRejected, .clientCertificateRequired: return "TLS client certificate refused"
        case .badServerResponse, .cannotParseResponse, .zeroByteResource: return "unreadable HTTP answer"
        case .badURL, .unsupportedURL: return "unsupported URL"
        case .httpTooManyRedirects, .redirectToNonExistentLocation: return "too many redirects"
        case .cancelled: return "cancelled"
        default: return "network error (URL error \(code.rawValue))"
        }
    }

    static func posixReason(_ code: Int32, timeout: Duration) -> String {
        switch code {
        case ECONNREFUSED: return "connection refused"
        case ETIMEDOUT: return timedOut(timeout)
        case ECONNRESET: return "connection reset"
        case EHOSTUNREACH, ENETUNREACH: return "host unreachable"
        default: return String(cString: strerror(code)).lowercased()
        }
    }
}
