import Foundation
import GatewayAPI
import Hummingbird

/// Health, the OpenAPI document, and the caller's permissions.
struct SystemController {
    static let version = "0.1.0"

    func addPublicRoutes(to router: Router<GatewayContext>) {
        router.get(RouterPath(APIPath.health)) { _, _ in
            try JSONCoding.response(.ok, HealthResponse(status: "ok", version: Self.version))
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
