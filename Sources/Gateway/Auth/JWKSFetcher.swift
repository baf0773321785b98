import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Fetches an integrator's JWKS document. URLSession in production (the gateway has no HTTP
/// client package of its own); tests may put another in front.
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
    case notHTTP

    var description: String {
        switch self {
        case .status(let code): return "HTTP \(code)"
        case .tooLarge(let limit): return "the document is over \(limit) bytes"
        case .timedOut: return "no answer within the timeout"
        case .notHTTP: return "the answer was not HTTP"
        }
    }
}

/// GET with URLSession: no redirects followed, the body read up to a bound, the whole
/// exchange raced against the timeout.
public struct URLSessionJWKSFetcher: JWKSFetching {
    public init() {}

    public func fetch(_ url: URL, timeout: Duration, maxBytes: Int) async throws -> Data {
        try await withThrowingTaskGroup(of: Data.self) { group in
            group.addTask { try await Self.download(url, timeout: timeout, maxBytes: maxBytes) }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw JWKSFetchError.timedOut
            }
            defer { group.cancelAll() }
            guard let data = try await group.next() else { throw JWKSFetchError.timedOut }
            return data
        }
    }

    private static func download(_ url: URL, timeout: Duration, maxBytes: Int) async throws -> Data {
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = seconds
        configuration.timeoutIntervalForResource = seconds
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let download = BoundedDownload(maxBytes: maxBytes)
        let session = URLSession(configuration: configuration, delegate: download, delegateQueue: nil)
        var request = URLRequest(url: url)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        // As with webhooks (`URLSessionWebhookTransport`): never `cancel()` a task, which
        // races its own end in FoundationNetworking; a cancelled fetch is answered at once and
        // its request left to end by the session's own timeout.
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data, any Error>) in
                download.wait(continuation)
                session.dataTask(with: request).resume()
                session.finishTasksAndInvalidate()
            }
        } onCancel: {
            download.finish(.failure(CancellationError()))
        }
    }
}

/// One fetch's delegate: keeps at most `maxBytes` of a 200 answer and answers once.
private final class BoundedDownload: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let maxBytes: Int
    private let lock = NSLock()
    private var body = Data()
    private var continuation: CheckedContinuation<Data, any Error>?
    private var outcome: Result<Data, any Error>?

    init(maxBytes: Int) { self.maxBytes = maxBytes }

    func wait(_ continuation: CheckedContinuation<Data, any Error>) {
        lock.lock()
        if let outcome {
            lock.unlock()
            continuation.resume(with: outcome)
            return
        }
        self.continuation = continuation
        lock.unlock()
    }

    func finish(_ result: Result<Data, any Error>) {
        lock.lock()
        guard outcome == nil else { lock.unlock(); return }
        outcome = result
        let waiting = continuation
        continuation = nil
        lock.unlock()
        waiting?.resume(with: result)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        if let http = response as? HTTPURLResponse {
            if http.statusCode != 200 { finish(.failure(JWKSFetchError.status(http.statusCode))) }
        } else {
            finish(.failure(JWKSFetchError.notHTTP))
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        let room = maxBytes - body.count
        let over = data.count > room
        if !over { body.append(data) }
        lock.unlock()
        if over { finish(.failure(JWKSFetchError.tooLarge(maxBytes))) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
        completionHandler: @escaping (URLRequest?) -> Void
    ) {
        // A redirect could lead off https; the 3xx itself is the answer, and it is refused.
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error {
            finish(.failure(error))
        } else {
            lock.lock()
            let data = body
            lock.unlock()
            finish(.success(data))
        }
    }
}
