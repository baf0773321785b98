import Foundation
import GatewayAPI
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An HTTP answer: status, headers and body.
struct HTTPReply: Sendable {
    var status: Int
    var headers: [String: String]
    var body: Data
}

/// Sends requests to the gateway over URLSession (never NIO, so the SDK builds for iOS as it is).
struct HTTPTransport: Sendable {
    /// Sends one request; tests put a lossy network in between.
    typealias Exchange = @Sendable (URLRequest) async throws -> (Data, URLResponse)

    let baseURL: URL
    let exchange: Exchange

    init(baseURL: URL, session: URLSession, interceptor: (@Sendable (URLRequest, Exchange) async throws -> (Data, URLResponse))? = nil) {
        self.baseURL = baseURL
        let direct: Exchange = { request in try await session.data(for: request) }
        if let interceptor {
            exchange = { request in try await interceptor(request, direct) }
        } else {
            exchange = direct
        }
    }

    /// One request. Throws ``TaplineAPIError/networkError(_:)`` when no answer came.
    func send(_ method: String, _ path: String, query: [URLQueryItem] = [], body: Data? = nil,
              headers: [String: String] = [:]) async throws(TaplineAPIError) -> HTTPReply {
        guard var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false) else {
            throw .unknown("cannot build a URL from \(baseURL) and \(path)")
        }
        if !query.isEmpty { components.queryItems = query }
        guard let url = components.url else { throw .unknown("cannot build a URL from \(baseURL) and \(path)") }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        do {
            let (data, response) = try await exchange(request)
            guard let http = response as? HTTPURLResponse else { throw TaplineAPIError.invalidResponse("not an HTTP response") }
            var replyHeaders: [String: String] = [:]
            for (name, value) in http.allHeaderFields {
                if let name = name as? String, let value = value as? String { replyHeaders[name.lowercased()] = value }
            }
            return HTTPReply(status: http.statusCode, headers: replyHeaders, body: data)
        } catch let error as TaplineAPIError {
            throw error
        } catch {
            throw .networkError(error.localizedDescription)
        }
    }

    /// The gateway's error envelope in a refused answer, or a problem made from the status.
    static func problem(in reply: HTTPReply) -> APIProblem {
        if let envelope = try? APIJSON.decoder.decode(ErrorEnvelope.self, from: reply.body) {
            let error = envelope.error
            return APIProblem(httpStatus: reply.status, code: error.code, message: error.message, field: error.field,
                              status: error.status, transactionId: error.transactionId)
        }
        let text = String(decoding: reply.body.prefix(200), as: UTF8.self)
        return APIProblem(httpStatus: reply.status, code: "http_\(reply.status)", message: text.isEmpty ? "HTTP \(reply.status)" : text)
    }
}
