import AsyncHTTPClient

/// The gateway's one HTTP client for calls it makes itself (an integrator's JWKS, the
/// payment service provider's services). Process-wide, like `HTTPClient.shared`, so it never
/// needs shutting down; unlike it, redirects are never followed: a redirect could lead a
/// request off https or to a host nobody configured. Each request brings its own TLS
/// settings when it needs any; connections are pooled per host and TLS settings.
enum OutboundHTTP {
    static let client = HTTPClient(
        eventLoopGroupProvider: .singleton,
        configuration: HTTPClient.Configuration(redirectConfiguration: .disallow, timeout: .init(connect: .seconds(5)), decompression: .disabled))
}
