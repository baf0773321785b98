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

    /// Registers every route of `routes` on `router`, each wrapped by ``respond(_:request:context:)``.
    func register(_ routes: [GatewayRoute], on router: Router<GatewayContext>) {
        for route in routes {
            router.on(RouterPath(route.path), method: route.method) { request, context in
                try await respond(route, request: request, context: context)
            }
        }
    }

    func respond(_ route: GatewayRoute, request: Request, context: GatewayContext) async throws -> Response {
        switch route.style {
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
        return try await auth.handle(request, context: context) { request, context in
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
        }
        let names = request.uri.queryParameters.map { String($0.key) }
        if let unknown = UnknownFields.first(query: names, taken: route.query) { throw GatewayError.unknownQueryParameter(unknown) }
        var request = request
        var body = ByteBuffer()
        if let limit = route.bodyLimit { body = try await request.collectBody(upTo: limit) }
        var input = RouteInput(request: request, context: context, body: body)
        if let merchantId, Self.needsDevice(route.device, body: body) {
            input.device = try await devices.requireActiveDevice(request, merchantId: merchantId)
        }
        switch route.handler {
        case .plain(let handler):
            return try await handler(input)
        case .idempotent(let rule, let handler):
            let merchantId = try input.caller.merchantId
            let derivedKey = try await rule.derivedKey?(input)
            let frozen = input
            return try await idempotency.run(
                merchantId: merchantId, request: request, body: body, derivedKey: derivedKey, format: rule.format, storing: rule.storing
            ) { claim in
                var input = frozen
                input.claim = claim
                return try await handler(input)
            }
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
