import AsyncHTTPClient
import Foundation
import NIOCore

/// One webhook POST, ready to send.
public struct WebhookRequest: Sendable {
    public var url: URL
    public var headers: [String: String]
    public var body: Data

    public init(url: URL, headers: [String: String], body: Data) {
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// Sends webhook POSTs. The worker uses ``HTTPClientWebhookTransport`` in production; tests
/// put a transport of their own in front of it to fail on purpose.
public protocol WebhookTransport: Sendable {
    /// Posts the request and returns the HTTP status of the answer; throws when there is none
    /// (refused, reset, timed out). `timeout` bounds the whole exchange.
    func post(_ request: WebhookRequest, timeout: Duration) async throws -> Int
}

/// The gateway's outbound HTTP client (``OutboundHTTP``). A cancelled post (the poster's
/// timeout, a shutdown) is cancelled on the wire too. Redirects are not followed: a 3xx is
/// the endpoint's answer, a failed delivery like any status outside 2xx.
public struct HTTPClientWebhookTransport: WebhookTransport {
    public init() {}

    public func post(_ request: WebhookRequest, timeout: Duration) async throws -> Int {
        var post = HTTPClientRequest(url: request.url.absoluteString)
        post.method = .POST
        for (name, value) in request.headers { post.headers.add(name: name, value: value) }
        post.body = .bytes(ByteBuffer(bytes: request.body))
        let response = try await OutboundHTTP.client.execute(post, timeout: TimeAmount(timeout))
        // Read (and drop) a short answer so its connection can carry the next post; a longer
        // one is cut off with its connection.
        _ = try? await response.body.collect(upTo: 16 * 1024)
        return Int(response.status.code)
    }
}

/// Why an attempt got no HTTP status.
public enum WebhookTransportError: Error, CustomStringConvertible {
    case notHTTP
    case timedOut(Duration)
    /// The endpoint's stored URL does not parse.
    case invalidURL

    public var description: String {
        switch self {
        case .notHTTP: return "the answer was not HTTP"
        case .timedOut(let timeout): return WebhookFailureReason.timedOut(timeout)
        case .invalidURL: return "invalid endpoint URL"
        }
    }
}
