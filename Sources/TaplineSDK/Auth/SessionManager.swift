import Foundation
import PaymentCore
import GatewayAPI

/// Holds the session's tokens: loads them from the token store, renews the access token
/// before it expires (and once after a 401), and makes concurrent callers share one renewal.
final class SessionManager: Sendable {
    /// Renew this long before the access token expires, so a request never carries a token
    /// that expires on the way.
    static let renewalLeeway: TimeInterval = 60

    private struct State {
        var session: StoredSession?
        var loaded = false
        var renewal: Task<StoredSession, any Error>?
    }

    private let transport: HTTPTransport
    private let store: any TokenStore
    private let now: @Sendable () -> Date
    private let state = LockedBox(State())
    /// How many renewals reached the gateway (tests check that concurrent callers share one).
    let renewals = LockedBox(0)

    init(transport: HTTPTransport, store: any TokenStore, now: @escaping @Sendable () -> Date) {
        self.transport = transport
        self.store = store
        self.now = now
    }

    /// client_credentials: a new session.
    func authenticate(clientId: String, clientSecret: String) async throws(AuthenticationError) {
        let request = TokenRequest(grantType: "client_credentials", clientId: clientId, clientSecret: clientSecret)
        let session = try await requestToken(request)
        try remember(session)
    }

    /// The access token if one is stored and not expired.
    func currentAccessToken() -> String? {
        guard let session = loadedSession(), session.expiresAt > now() else { return nil }
        return session.accessToken
    }

    /// An access token good for at least ``renewalLeeway``, renewing it first if needed.
    func validAccessToken() async throws(AuthenticationError) -> String {
        guard let session = loadedSession() else { throw .tokenExpired }
        if session.expiresAt.timeIntervalSince(now()) > Self.renewalLeeway { return session.accessToken }
        return try await renew(replacing: session.accessToken).accessToken
    }

    /// Renews the session with its refresh token. When `stale` is given and another caller
    /// has already replaced that access token, the newer session is returned instead of
    /// spending the refresh token again.
    @discardableResult
    func renew(replacing stale: String? = nil) async throws(AuthenticationError) -> StoredSession {
        let task: Task<StoredSession, any Error>? = state.withLock { state in
            if let running = state.renewal { return running }
            guard let session = state.session ?? loadFromStore() else { return nil }
            if let stale, session.accessToken != stale { return Task { session } }
            let refreshToken = session.refreshToken
            let running = Task { [self] in try await self.exchange(refreshToken) }
            state.renewal = running
            return running
        }
        guard let task else { throw .tokenExpired }
        do {
            let session = try await task.value
            state.withLock { if $0.renewal == task { $0.renewal = nil } }
            return session
        } catch {
            state.withLock { if $0.renewal == task { $0.renewal = nil } }
            throw (error as? AuthenticationError) ?? .unknown(String(describing: error))
        }
    }

    /// Forgets the session, in memory and in the store.
    func clear() {
        state.withLock {
            $0.session = nil
            $0.loaded = true
        }
        try? store.delete(TokenStoreKey.session)
    }

    // MARK: - Internals

    private func exchange(_ refreshToken: String) async throws -> StoredSession {
        renewals.withLock { $0 += 1 }
        let session = try await requestToken(TokenRequest(grantType: "refresh_token", refreshToken: refreshToken))
        try remember(session)
        return session
    }

    private func requestToken(_ request: TokenRequest) async throws(AuthenticationError) -> StoredSession {
        let body: Data
        do { body = try APIJSON.encoder.encode(request) } catch { throw .unknown("cannot encode the token request") }
        let reply: HTTPReply
        do {
            reply = try await transport.send("POST", APIPath.token, body: body)
        } catch {
            if case .networkError(let detail) = error { throw .networkError(detail) }
            throw .unknown(error.localizedDescription)
        }
        switch reply.status {
        case 200:
            guard let token = try? APIJSON.decoder.decode(TokenResponse.self, from: reply.body) else {
                throw .invalidResponse("the token answer is not a token response")
            }
            return StoredSession(token, receivedAt: now())
        case 400, 401:
            throw .invalidCredentials(HTTPTransport.problem(in: reply))
        default:
            throw .invalidResponse("HTTP \(reply.status): \(HTTPTransport.problem(in: reply).message)")
        }
    }

    private func remember(_ session: StoredSession) throws(AuthenticationError) {
        state.withLock {
            $0.session = session
            $0.loaded = true
        }
        do {
            try store.write(try APIJSON.encoder.encode(session), for: TokenStoreKey.session)
        } catch {
            throw .unknown("the session could not be stored: \(error.localizedDescription)")
        }
    }

    private func loadedSession() -> StoredSession? {
        state.withLock { state in
            if !state.loaded {
                state.session = loadFromStore()
                state.loaded = true
            }
            return state.session
        }
    }

    private func loadFromStore() -> StoredSession? {
        guard let data = try? store.read(TokenStoreKey.session) else { return nil }
        return try? APIJSON.decoder.decode(StoredSession.self, from: data)
    }
}
