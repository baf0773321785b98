import Foundation

/// Why a webhook attempt failed, in a few plain words ("HTTP 500", "connection refused",
/// "timed out after 10 s"): what the attempt stores, `GET /v1/events/{id}` shows and the
/// worker logs. A merchant reads it to fix their server, so it is never an error dump (an
/// `NSError`'s description runs to hundreds of characters of user-info).
enum WebhookFailureReason {
    /// An answer outside 2xx.
    static func status(_ code: Int) -> String { "HTTP \(code)" }

    /// A post that got no HTTP answer; `timeout` is the attempt's bound, which a timeout names.
    /// Posts go through AsyncHTTPClient (``HTTPClientWebhookTransport``), whose errors
    /// ``describeHTTPClient(_:timeout:)`` names; URLSession, and its `URLError`s, are gone.
    static func describe(_ error: any Error, timeout: Duration) -> String {
        switch error {
        case WebhookTransportError.timedOut(let limit): return timedOut(limit)
        case WebhookTransportError.notHTTP: return "the answer was not HTTP"
        case WebhookTransportError.invalidURL: return "invalid endpoint URL"
        case is WebhookSecretError: return "endpoint secret unreadable"
        case is CancellationError: return "cancelled (shutting down)"
        default: break
        }
        if let reason = describeHTTPClient(error, timeout: timeout) { return reason }
        // Only a real NSError: any Swift error casts to one, its type the domain, and an
        // error of another kind is named by its type rather than dumped.
        guard type(of: error) is NSError.Type else { return String(describing: type(of: error)) }
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain { return posixReason(Int32(nsError.code), timeout: timeout) }
        return "\(nsError.domain) error \(nsError.code)"
    }

    static func timedOut(_ limit: Duration) -> String {
        let seconds = Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18
        let shown = seconds == seconds.rounded() ? String(Int64(seconds)) : String(format: "%g", seconds)
        return "timed out after \(shown) s"
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
