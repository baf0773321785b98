import Foundation
import Hummingbird
import Storage

/// What a route's handler receives once ``RoutePipeline`` has done the shared work: the
/// caller (checked against the route's permission), the body (read under the route's limit),
/// the device (checked active, on device-bound routes) and the idempotency claim.
struct RouteInput: Sendable {
    var request: Request
    var context: GatewayContext
    var body: ByteBuffer
    /// The device the request came from, on a route whose ``GatewayRoute/DeviceRule`` applied.
    var device: Device?
    /// The `Idempotency-Key` this request holds, on an idempotent route that got one.
    var claim: IdempotencyClaim?

    /// The authenticated caller (401 on a route without authentication).
    var caller: Caller {
        get throws { try context.requireCaller() }
    }

    /// The active device, on a device-bound route.
    var activeDevice: Device {
        get throws {
            guard let device else { throw GatewayError(.internalServerError, .internalError, "route declared no device rule") }
            return device
        }
    }

    /// A path parameter the route's template names.
    func parameter(_ name: PathParameter) throws -> String {
        try context.parameters.require(name.rawValue)
    }
}

/// The parameters route templates use, so a template and the handler reading it name the
/// same thing. ``APIPath`` builds concrete paths for the SDK; given ``template`` it builds
/// the router's form (`/v1/transactions/:id`).
enum PathParameter: String, Sendable, CaseIterable {
    case id, deviceId, transactionId, fileId

    /// How Hummingbird names the parameter in a path.
    var template: String { ":" + rawValue }
}
