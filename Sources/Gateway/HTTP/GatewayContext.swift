import Hummingbird
import GatewayAPI
import Logging
import NIOCore

/// The request context of every gateway route: Hummingbird's core context plus the
/// authenticated caller, set by ``AuthMiddleware`` on protected routes.
public struct GatewayContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The API client behind the bearer token; nil on public routes.
    var caller: Caller?
    /// Who is signed in to the dashboard, on a dashboard route (``DashboardSessionMiddleware``).
    var dashboard: DashboardSignedIn?
    /// The connection's peer: what the dashboard throttles sign-ins by. Nil where there is no
    /// socket (in-process tests).
    public let remoteAddress: SocketAddress?

    public init(source: Source) {
        self.coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// The caller, or 401 if the route was reached without authentication.
    func requireCaller() throws -> Caller {
        guard let caller else { throw GatewayError.unauthorized("missing bearer token") }
        return caller
    }

    /// The caller if it holds `permission`; 403 otherwise.
    func require(_ permission: APIPermission) throws -> Caller {
        let caller = try requireCaller()
        guard caller.permissions.contains(permission.rawValue) else {
            throw GatewayError.forbidden("this client lacks the permission \(permission.rawValue)")
        }
        return caller
    }
}

/// Who is calling: an API client of a merchant and what it may do.
struct Caller: Sendable {
    var clientId: String
    var merchantId: String
    var permissions: Set<String>
    /// The merchant user an integrator's JWT names (its registered user claim); nil for
    /// Tapline's own access tokens, which name only the client.
    var merchantUser: String? = nil
}
