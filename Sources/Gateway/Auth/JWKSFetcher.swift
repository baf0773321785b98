import AsyncHTTPClient
import Foundation
import NIOCore

/// Fetches an integrator's JWKS document: ``HTTPClientJWKSFetcher`` in production; tests may
/// put another in front.
public protocol JWKSFetching: Sendable {
    /// The body of a 200 answer to GET `url`, at most `maxBytes`; throws for anything else
    /// (refused, redirected, another status, too big). Answers within `timeout`.
    func fetch(_ url: URL, timeout: Duration, maxBytes: Int) async throws -> Data
}

/// Why a JWKS fetch gave no document.
enum JWKSFetchError: Error, CustomStringConvertible {
    case status(Int)
    case tooLarge(Int)
    case timedOut

    var description: String {
        switch self {
        case .status(let code): return "HTTP \(code)"
        case .tooLarge(let limit): return "the document is over \(limit) bytes"
        case .timedOut: return "no answer within the timeout"
        }
    }
}

/// GET with the gateway's outbound HTTP client: no redirects followed, the body read up to a
/// bound, the whole exchange raced against the timeout (a lost race cancels the request).
public struct HTTPClientJWKSFetcher: JWKSFetching {
    public init() {}

    public func fetch(_ url: URL, timeout: Duration, maxBytes: Int) async throws -> Data {
        try await racing(timeout, timedOut: { JWKSFetchError.timedOut }) { try await Self.download(url, maxBytes: maxBytes) }
    }

    private static func download(_ url: URL, maxBytes: Int) async throws -> Data {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "Accept", value: "application/json")
        let response = try await OutboundHTTP.client.execute(request, timeout: .hours(1))
        guard response.status == .ok else { throw JWKSFetchError.status(Int(response.status.code)) }
        do {
            return Data(try await response.body.collect(upTo: maxBytes).readableBytesView)
        } catch is NIOTooManyBytesError {
            throw JWKSFetchError.tooLarge(maxBytes)
        }
    }
}
