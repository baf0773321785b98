import Foundation
import GatewayAPI

/// The SDK's entry point: one client per gateway and merchant session. Every network method
/// is `async` and throws a typed error (``TaplineAPIError``, ``AuthenticationError`` or
/// ``TTPError``) that keeps the gateway's code and message.
///
/// ```swift
/// let tapline = TaplineClient(environment: .local, configuration: .init(cardReader: SimulatedCardReader()))
/// try await tapline.authenticate(clientId: id, clientSecret: secret)
/// try await tapline.ttp.prepare()
/// let result = try await tapline.ttp.performTransaction(amount: 49.99)
/// ```
public final class TaplineClient: Sendable {
    /// The SDK's version (``getVersion()``): Tapline's one version, the one the gateway shows
    /// on `GET /health`.
    public static let version = TaplineVersion.current

    public let environment: TaplineEnvironment
    let configuration: TaplineConfiguration
    let connection: GatewayConnection
    var session: SessionManager { connection.session }
    /// Tap to Pay: compatibility, activation, the reader and payments by tap.
    public let ttp: TapToPay

    public init(environment: TaplineEnvironment, configuration: TaplineConfiguration = TaplineConfiguration()) {
        self.environment = environment
        self.configuration = configuration
        let transport = HTTPTransport(baseURL: environment.baseURL, session: configuration.urlSession, interceptor: configuration.interceptor)
        let session = SessionManager(transport: transport, store: configuration.tokenStore, now: configuration.now)
        connection = GatewayConnection(transport: transport, session: session, store: configuration.tokenStore, now: configuration.now)
        ttp = TapToPay(connection: connection, reader: configuration.cardReader, deviceName: configuration.deviceName)
    }

    // MARK: - Session

    /// Starts a session with the merchant's API client credentials; the tokens are stored
    /// and renewed automatically from then on.
    @discardableResult
    public func authenticate(clientId: String, clientSecret: String) async throws(AuthenticationError) -> Bool {
        guard !clientId.isEmpty, !clientSecret.isEmpty else {
            throw .invalidCredentials(.invalidInput(clientId.isEmpty ? "clientId" : "clientSecret", "client id and secret must not be empty"))
        }
        try await session.authenticate(clientId: clientId, clientSecret: clientSecret)
        return true
    }

    /// The current access token if it has not expired, for calling the gateway directly.
    public func getAccessToken() async -> String? {
        session.currentAccessToken()
    }

    /// Renews the access token now (the SDK also does it by itself before expiry).
    @discardableResult
    public func refreshAccessToken() async throws(AuthenticationError) -> Bool {
        try await session.renew()
        return true
    }

    /// Forgets the session (logout): the stored tokens are removed.
    public func clearStoredToken() {
        session.clear()
    }

    /// This installation's persistent device id: a lowercase UUID kept in the token store.
    public func getDeviceId() -> String {
        connection.deviceId
    }

    /// The SDK's version, e.g. "0.4.0" (`TaplineVersion.current`).
    public func getVersion() -> String { Self.version }
}
