import Foundation
import GatewayAPI
import HTTPTypes
import Hummingbird
import Storage

/// One route of the gateway, described rather than written out: what it answers (method and
/// a path built from ``APIPath``), who may call it, whether it needs an active Tap to Pay
/// device, how much body it reads, whether it runs under an `Idempotency-Key`, and the
/// handler. ``RoutePipeline`` applies these the same way, in the same order, on every route.
struct GatewayRoute: Sendable {
    /// Who may call the route.
    enum Access: Sendable {
        /// No token (health, readiness, the document, the token endpoint itself).
        case open
        /// Any authenticated client.
        case authenticated
        /// An authenticated client holding this permission.
        case permission(APIPermission)
        /// A dashboard user signed in with this role or a higher one (an admin may do what a
        /// viewer may); without a session the browser is sent to sign in.
        case signedIn(DashboardUser.Role)
    }

    /// Whether the request must come from a registered device with Tap to Pay active.
    enum DeviceRule: Sendable {
        case none
        /// Always (the Tap to Pay routes).
        case required
        /// Only when the body says so: a sale or authorization is a tap when it carries the
        /// reader's sealed card data, keyed otherwise.
        case when(@Sendable (ByteBuffer) -> Bool)
    }

    /// Whose error shapes the route answers in, at the edge.
    enum Style: Sendable {
        case canonical
        /// Halo's routes answer an unexpected failure as the Halo document shows it.
        case halo
        /// Koard's handlers still rewrite their errors themselves (`KoardErrors.translating`);
        /// the route says so, for the edge mapping to take it over.
        case koard
        /// The merchant dashboard: HTML pages, a session cookie, url-encoded forms; every
        /// refusal is a page (``DashboardPipeline``).
        case dashboard
    }

    /// What the handler is, and whether a retry of the route is made safe by an
    /// `Idempotency-Key`.
    enum Handler: Sendable {
        /// A route that changes nothing, or whose retry is safe for a stated reason.
        case plain(@Sendable (RouteInput) async throws -> Response)
        /// A mutating route: it runs under the request's key; its answer is stored and replayed.
        case idempotent(IdempotencyRule, @Sendable (RouteInput) async throws -> (HTTPResponse.Status, Data))
        /// A dashboard page or form, once ``DashboardPipeline`` has done the shared work.
        case page(@Sendable (DashboardInput) async throws -> DashboardOutcome)
    }

    var method: HTTPRequest.Method
    /// The path in Hummingbird's template form (`/v1/transactions/:id`), from ``APIPath``.
    var path: String
    var access: Access
    var device: DeviceRule = .none
    /// Largest body read; nil reads none (GET).
    var bodyLimit: Int? = JSONCoding.maxBodySize
    var style: Style = .canonical
    /// The query parameters the route reads; any other is refused (400 `unknown_field`).
    var query: Set<String> = []
    /// Why a non-GET route is not idempotent, when it is not: a new mutating route must say.
    var notIdempotentBecause: String?
    /// The form a dashboard POST reads, and how (CSRF, its idempotency key, a confirmation).
    var form: DashboardFormRule?
    var handler: Handler

    /// A route that changes nothing.
    static func get(
        _ path: String, _ access: Access, query: Set<String> = [], _ handler: @escaping @Sendable (RouteInput) async throws -> Response
    ) -> GatewayRoute {
        GatewayRoute(method: .get, path: path, access: access, bodyLimit: nil, query: query, handler: .plain(handler))
    }

    /// A mutating route under an `Idempotency-Key`.
    static func idempotent(
        _ method: HTTPRequest.Method, _ path: String, _ access: Access, device: DeviceRule = .none, style: Style = .canonical,
        rule: IdempotencyRule = IdempotencyRule(),
        _ handler: @escaping @Sendable (RouteInput) async throws -> (HTTPResponse.Status, Data)
    ) -> GatewayRoute {
        GatewayRoute(method: method, path: path, access: access, device: device, style: style, handler: .idempotent(rule, handler))
    }

    /// A POST that takes no `Idempotency-Key`, with the reason a retry is safe anyway.
    static func notIdempotent(
        _ path: String, _ access: Access, because reason: String, _ handler: @escaping @Sendable (RouteInput) async throws -> Response
    ) -> GatewayRoute {
        GatewayRoute(method: .post, path: path, access: access, notIdempotentBecause: reason, handler: .plain(handler))
    }

    /// A dashboard page (GET): `query` names the parameters it reads.
    static func page(
        _ path: String, _ access: Access, query: Set<String> = [], _ handler: @escaping @Sendable (DashboardInput) async throws -> DashboardOutcome
    ) -> GatewayRoute {
        GatewayRoute(method: .get, path: path, access: access, bodyLimit: nil, style: .dashboard, query: query, handler: .page(handler))
    }

    /// A dashboard form (POST), read and checked as `form` says before the handler runs; one
    /// without an idempotency key says why a resent form is safe.
    static func form(
        _ path: String, _ access: Access, _ form: DashboardFormRule, notIdempotentBecause reason: String? = nil,
        _ handler: @escaping @Sendable (DashboardInput) async throws -> DashboardOutcome
    ) -> GatewayRoute {
        GatewayRoute(
            method: .post, path: path, access: access, bodyLimit: form.uploads?.maxBytes ?? DashboardForm.maxBytes, style: .dashboard,
            notIdempotentBecause: form.keyed ? nil : reason, form: form, handler: .page(handler))
    }

    var isIdempotent: Bool {
        if case .idempotent = handler { return true }
        return false
    }

    /// A page or form of the merchant dashboard.
    var isDashboard: Bool {
        if case .dashboard = style { return true }
        return false
    }

    var needsDevice: Bool {
        if case .none = device { return false }
        return true
    }
}

/// How a mutating route uses its `Idempotency-Key`.
struct IdempotencyRule: Sendable {
    /// The API the route answers in, so recovery finishes a crashed request in its shape.
    var format: ResponseFormat = .v1
    /// The key when the request sends none (a compatibility route whose body names itself),
    /// given the request's hash (``IdempotencyGuard/requestHash(method:path:body:)``).
    var derivedKey: (@Sendable (RouteInput, _ requestHash: String) async throws -> String?)?
    /// What is kept for replays, when not the answer as sent (a secret shown once).
    var storing: (@Sendable (Data) throws -> Data)?
    /// A payment route: every operation it starts links the key in phase 1, which makes the
    /// key's record there (``IdempotencyClaim``), so the key costs no write of its own.
    var claimsInPhaseOne = false
}
