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
        // Neither `session.data(for:)` nor `URLSessionTask.cancel()`: on Linux, cancelling
        // `data(for:)` (the poster's timeout, a shutdown) deadlocked URLSession's queue against
        // the Swift task and froze the process, and `cancel()` racing the task's own end
        // crashes FoundationNetworking. A cancelled post is answered at once and its request
        // left to end by its own timeout, which is the same bound.
        let pending = PendingPost()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int, any Error>) in
                pending.wait(continuation)
                let task = session.dataTask(with: urlRequest) { _, response, error in
                    if let error {
                        pending.finish(.failure(error))
                    } else if let http = response as? HTTPURLResponse {
                        pending.finish(.success(http.statusCode))
                    } else {
                        pending.finish(.failure(WebhookTransportError.notHTTP))
                    }
                }
                task.resume()
            }
        } onCancel: {
            pending.finish(.failure(CancellationError()))
        }
    }
}

/// One post's answer, given once: by URLSession, or by a cancellation that came first.
private final class PendingPost: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Int, any Error>?
    private var early: Result<Int, any Error>?

    func wait(_ continuation: CheckedContinuation<Int, any Error>) {
        lock.lock()
        if let early {
            lock.unlock()
            continuation.resume(with: early)
            return
        }
        self.continuation = continuation
        lock.unlock()
    }

    func finish(_ result: Result<Int, any Error>) {
        lock.lock()
        guard let continuation else {
            if early == nil { early = result }
            lock.unlock()
            return
        }
        self.continuation = nil
        early = result
        lock.unlock()
        continuation.resume(with: result)
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
