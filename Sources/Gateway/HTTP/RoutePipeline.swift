import Foundation
import Hummingbird

/// The one place the cross-cutting concerns of a route are applied, in one order for every
/// route (docs/architecture.md, "One order for every route"):
/// correlation id and error envelope (router middleware) → authentication → permission →
/// query parameters the route takes → body, read under the route's limit → device binding →
/// idempotency → handler.
struct RoutePipeline: Sendable {
    let auth: AuthMiddleware
    let devices: DeviceGuard
    let idempotency: IdempotencyGuard
    let dashboard: DashboardPipeline
    /// The dashboard's route group finds the session and turns refusals into pages.
    let dashboardSessions: DashboardSessionMiddleware
    let dashboardErrors: DashboardErrorPages

    /// Registers every route of `routes` on `router`, each wrapped by ``respond(_:request:context:)``;
    /// a route's path asked with another method is 405 with `Allow` (``MethodNotAllowedMiddleware``).
    func register(_ routes: [GatewayRoute], on router: Router<GatewayContext>) {
        router.add(middleware: MethodNotAllowedMiddleware(routes))
        router.add(middleware: DashboardNotFoundMiddleware())
        // The dashboard's pages are a route group with its own middleware, as Hummingbird's
        // todos-auth example declares sessions and error pages once for its pages.
        let pages = router.group().add(middleware: dashboardSessions).add(middleware: dashboardErrors)
        for route in routes {
            if case .dashboard = route.style {
                pages.on(RouterPath(route.path), method: route.method) { request, context in
                    try await dashboard.respond(route, request: request, context: context)
                }
            } else {
                router.on(RouterPath(route.path), method: route.method) { request, context in
                    try await respond(route, request: request, context: context)
                }
            }
        }
    }

    func respond(_ route: GatewayRoute, request: Request, context: GatewayContext) async throws -> Response {
        switch route.style {
        case .dashboard:
            return try await dashboard.respond(route, request: request, context: context)
        case .halo:
            return try await HaloServerErrorMiddleware().handle(request, context: context) { request, context in
                try await authenticated(route, request: request, context: context)
            }
        case .canonical, .koard:
            return try await authenticated(route, request: request, context: context)
        }
    }

    private func authenticated(_ route: GatewayRoute, request: Request, context: GatewayContext) async throws -> Response {
        if case .open = route.access { return try await admitted(route, request: request, context: context) }
        return try await auth.accepting(Self.integratorScope(route.style)).handle(request, context: context) { request, context in
            try await admitted(route, request: request, context: context)
        }
    }

    /// After authentication: permission, body, device, idempotency, handler.
    private func admitted(_ route: GatewayRoute, request: Request, context: GatewayContext) async throws -> Response {
        let merchantId: String?
        switch route.access {
        case .open: merchantId = nil
        case .authenticated: merchantId = try context.requireCaller().merchantId
        case .permission(let permission): merchantId = try context.require(permission).merchantId
        case .signedIn: merchantId = try context.requireCaller().merchantId
        }
        let names = request.uri.queryParameters.map { String($0.key) }
        if let unknown = UnknownFields.first(query: names, taken: route.query) { throw GatewayError.unknownQueryParameter(unknown) }
        var request = request
        var body = ByteBuffer()
        if let limit = route.bodyLimit { body = try await request.collectBody(upTo: limit) }
        var input = RouteInput(request: request, context: context, body: body)
        if let merchantId, Self.needsDevice(route.device, body: body) {
            input.device = try await devices.requireActiveDevice(request, merchantId: merchantId)
        } else if route.needsDevice {
            // A keyed sale does not need the device header, but one sent malformed is refused.
            try DeviceGuard.refuseMalformedHeader(request)
        }
        switch route.handler {
        case .plain(let handler):
            return try await handler(input)
        case .page:
            return try await dashboard.respond(route, request: request, context: context)
        case .idempotent(let rule, let handler):
            let merchantId = try input.caller.merchantId
            let frozen = input
            let derivedKey = rule.derivedKey.map { derive in { (requestHash: String) in try await derive(frozen, requestHash) } }
            return try await idempotency.run(
                merchantId: merchantId, request: request, body: body, derivedKey: derivedKey, format: rule.format, storing: rule.storing,
                claimsInPhaseOne: rule.claimsInPhaseOne
            ) { claim in
                var input = frozen
                input.claim = claim
                return try await handler(input)
            }
        }
    }

    /// Which routes take an integrator's own JWT: every Halo route (the Halo document's
    /// "JWT generated by your backend"), and `/v1` for a client that allows it; Koard's do not.
    private static func integratorScope(_ style: GatewayRoute.Style) -> IntegratorTokenVerifier.Scope? {
        switch style {
        case .halo: return .halo
        case .canonical: return .v1
        case .koard, .dashboard: return nil
        }
    }

    private static func needsDevice(_ rule: GatewayRoute.DeviceRule, body: ByteBuffer) -> Bool {
        switch rule {
        case .none: return false
        case .required: return true
        case .when(let applies): return applies(body)
        }
    }
}
