import Foundation
import GatewayAPI

/// The authenticated connection to the gateway that the client and its modules share.
final class GatewayConnection: Sendable {
    let transport: HTTPTransport
    let session: SessionManager
    let store: any TokenStore
    let now: @Sendable () -> Date

    init(transport: HTTPTransport, session: SessionManager, store: any TokenStore, now: @escaping @Sendable () -> Date) {
        self.transport = transport
        self.session = session
        self.store = store
        self.now = now
    }

    /// This installation's device id (see ``TaplineClient/getDeviceId()``).
    var deviceId: String { DeviceIdentity.deviceId(in: store) }

    /// An authenticated request. The access token is renewed before it expires and once
    /// after a 401; a request that got no answer is sent once more (with the same
    /// `Idempotency-Key`, so the gateway replays rather than repeats it).
    func send(_ method: String, _ path: String, query: [URLQueryItem] = [], body: Data? = nil,
              headers: [String: String] = [:], retryOnNetworkError: Bool = true) async throws(TaplineAPIError) -> HTTPReply {
        var token = try await accessToken { () async throws(AuthenticationError) in try await self.session.validAccessToken() }
        var reply = try await sendOnceMore(method, path, query: query, body: body, headers: headers, token: token, retry: retryOnNetworkError)
        if reply.status == 401 {
            let stale = token
            token = try await accessToken { () async throws(AuthenticationError) in try await self.session.renew(replacing: stale).accessToken }
            reply = try await sendOnceMore(method, path, query: query, body: body, headers: headers, token: token, retry: retryOnNetworkError)
        }
        guard (200..<300).contains(reply.status) else {
            throw TaplineAPIError.from(status: reply.status, problem: HTTPTransport.problem(in: reply))
        }
        return reply
    }

    func get<T: Decodable>(_ path: String, query: [URLQueryItem] = []) async throws(TaplineAPIError) -> T {
        try decode(try await send("GET", path, query: query))
    }

    /// A mutating request; every one carries an `Idempotency-Key` (a fresh one unless given).
    func post<T: Decodable>(_ path: String, body: some Encodable, idempotencyKey: String = UUID().uuidString.lowercased(),
                            headers: [String: String] = [:]) async throws(TaplineAPIError) -> T {
        try decode(try await sendJSON(path, body: body, idempotencyKey: idempotencyKey, headers: headers))
    }

    /// A POST (or `method`) of `body` as JSON with an `Idempotency-Key`, answered as it came.
    func sendJSON(_ path: String, method: String = "POST", body: some Encodable, idempotencyKey: String = UUID().uuidString.lowercased(),
                  headers: [String: String] = [:], retryOnNetworkError: Bool = true) async throws(TaplineAPIError) -> HTTPReply {
        let data: Data
        do { data = try APIJSON.encoder.encode(body) } catch { throw .unknown("cannot encode the request: \(error)") }
        var headers = headers
        headers[APIHeader.idempotencyKey] = idempotencyKey
        return try await send(method, path, body: data, headers: headers, retryOnNetworkError: retryOnNetworkError)
    }

    func decode<T: Decodable>(_ reply: HTTPReply) throws(TaplineAPIError) -> T {
        do {
            return try APIJSON.decoder.decode(T.self, from: reply.body)
        } catch {
            throw .invalidResponse("cannot read \(T.self): \(error)")
        }
    }

    private func sendOnceMore(_ method: String, _ path: String, query: [URLQueryItem], body: Data?, headers: [String: String],
                              token: String, retry: Bool) async throws(TaplineAPIError) -> HTTPReply {
        var headers = headers
        headers["Authorization"] = "Bearer \(token)"
        do {
            return try await transport.send(method, path, query: query, body: body, headers: headers)
        } catch {
            guard retry, case .networkError = error else { throw error }
            return try await transport.send(method, path, query: query, body: body, headers: headers)
        }
    }

    /// Runs a session step, turning an authentication failure into the API error it causes.
    private func accessToken(_ step: () async throws(AuthenticationError) -> String) async throws(TaplineAPIError) -> String {
        do {
            return try await step()
        } catch {
            switch error {
            case .networkError(let detail): throw .networkError(detail)
            case .invalidCredentials(let problem): throw .unauthorized(problem)
            case .tokenExpired:
                throw .unauthorized(APIProblem(httpStatus: nil, code: "unauthorized", message: "Not authenticated: call authenticate(clientId:clientSecret:) first"))
            case .invalidResponse(let detail): throw .invalidResponse(detail)
            case .unknown(let detail): throw .unknown(detail)
            }
        }
    }
}
