import Foundation
import GatewayAPI
import Hummingbird

/// Health, readiness, the OpenAPI document, and the caller's permissions.
struct SystemController {
    /// Whether the processor can be reached now, for the readiness answer.
    let processorIsReachable: @Sendable () async -> Bool

    func addPublicRoutes(to router: Router<GatewayContext>) {
        router.get(RouterPath(APIPath.health)) { _, _ in
            try JSONCoding.response(.ok, HealthResponse(status: "ok", version: TaplineVersion.current))
        }
        router.get(RouterPath(APIPath.ready)) { _, _ in
            let ready = await processorIsReachable()
            return try JSONCoding.response(ready ? .ok : .serviceUnavailable, ReadinessResponse(ready: ready))
        }
        router.get(RouterPath(APIPath.openAPI)) { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/yaml; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: OpenAPIDocument.yaml)))
        }
    }

    func addRoutes(to v1: RouterGroup<GatewayContext>) {
        v1.get("permissions") { _, context in
            let caller = try context.requireCaller()
            return try JSONCoding.response(.ok, PermissionsResponse(permissions: caller.permissions.sorted()))
        }
    }
}
