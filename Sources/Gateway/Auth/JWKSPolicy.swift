import Foundation

/// How the gateway fetches and keeps an integrator's JWKS (``IntegratorKeyCache``).
public struct JWKSPolicy: Sendable {
    /// The longest a fetch may take, connection to last byte; a request waits at most this long.
    public var fetchTimeout: Duration = .seconds(5)
    /// The largest JWKS document read; a bigger one is refused.
    public var maxBodyBytes = 64 * 1024
    /// How long fetched keys are used before they are fetched again.
    public var refreshAfter: TimeInterval = 600
    /// At most one fetch per client in this interval, whatever asks for it (an unknown `kid`,
    /// a refresh, a host that is down): an unknown `kid` cannot make the gateway hammer the host.
    public var minimumRefetchInterval: TimeInterval = 30

    public init() {}

    /// Whether `text` is a URL a JWKS may be fetched from: https, or http on loopback
    /// (127.0.0.1, ::1, localhost: a local key service, and the tests). Nil when it is not.
    public static func jwksURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let host = url.host, !host.isEmpty, url.user == nil else { return nil }
        switch url.scheme?.lowercased() {
        case "https": return url
        case "http": return ["127.0.0.1", "::1", "[::1]", "localhost"].contains(host.lowercased()) ? url : nil
        default: return nil
        }
    }
}
