import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

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

/// Sends webhook POSTs. The worker uses URLSession in production; tests put a transport of
/// their own in front of it to fail on purpose.
public protocol WebhookTransport: Sendable {
    /// Posts the request and returns the HTTP status of the answer; throws when there is none
    /// (refused, reset, timed out). `timeout` bounds the whole exchange.
    func post(_ request: WebhookRequest, timeout: Duration) async throws -> Int
}

/// Foundation's URLSession, so the gateway needs no HTTP client package of its own.
public struct URLSessionWebhookTransport: WebhookTransport {
    private let session: URLSession

    public init() {
        let configuration = URLSessionConfiguration.ephemeral
        // Webhooks are posted once per attempt; the worker decides about retries.
        configuration.httpMaximumConnectionsPerHost = 8
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration)
    }

    public func post(_ request: WebhookRequest, timeout: Duration) async throws -> Int {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = "POST"
        urlRequest.httpBody = request.body
        urlRequest.timeoutInterval = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let (_, response) = try await session.data(for: urlRequest)
        guard let http = response as? HTTPURLResponse else { throw WebhookTransportError.notHTTP }
        return http.statusCode
    }
}

/// Why an attempt got no HTTP status.
public enum WebhookTransportError: Error, CustomStringConvertible {
    case notHTTP
    case timedOut(Duration)

    public var description: String {
        switch self {
        case .notHTTP: return "the answer was not HTTP"
        case .timedOut(let timeout): return "no answer within \(timeout)"
        }
    }
}
