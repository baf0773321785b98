@testable import Gateway
import Foundation
import Processing
import Storage

/// The gateway's route table as ``buildRouter`` registers it (``GatewayRoutes/table(_:now:)``),
/// built once on throwaway services: tests enumerate it, so a route added to the table is
/// covered by them without being named.
enum RouteTable {
    static let routes: [GatewayRoute] = {
        let dependencies = GatewayDependencies(store: MemoryStore(), processor: SimulatedProcessor(), keys: .generate())
        return GatewayRoutes.table(GatewayServices(configuration: GatewayConfiguration(), dependencies: dependencies), now: { Date() })
    }()

    /// The JSON API's routes: the OpenAPI document's operations.
    static var apiRoutes: [GatewayRoute] { routes.filter { !$0.isDashboard } }

    /// The merchant dashboard's pages and forms.
    static var dashboardRoutes: [GatewayRoute] { routes.filter(\.isDashboard) }

    /// "POST /v1/transactions/:id/capture": the method and the router's path template.
    static func key(_ route: GatewayRoute) -> String { "\(route.method.rawValue) \(route.path)" }

    static func route(_ key: String) -> GatewayRoute? { routes.first { Self.key($0) == key } }

    /// The routes under an `Idempotency-Key`.
    static var idempotentKeys: [String] { routes.filter(\.isIdempotent).map(key).sorted() }

    /// The routes that take a request only from an active Tap to Pay device.
    static var deviceBoundKeys: [String] { routes.filter(\.needsDevice).map(key).sorted() }

    /// The document's form of a router template: `:id` → `{id}`.
    static func documentPath(_ template: String) -> String {
        template.split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }
            .joined(separator: "/")
    }
}
