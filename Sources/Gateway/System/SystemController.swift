import Foundation
import GatewayAPI
import Hummingbird

/// Health, readiness, the OpenAPI document, and the caller's permissions.
struct SystemController {
    /// Whether the processor can be reached now, for the readiness answer.
    let processorIsReachable: @Sendable () async -> Bool

    var routes: [GatewayRoute] {
        [
            .get(APIPath.health, .open) { _ in
                try JSONCoding.response(.ok, HealthResponse(status: "ok", version: TaplineVersion.current))
            },
            .get(APIPath.ready, .open) { _ in
                let ready = await processorIsReachable()
                return try JSONCoding.response(ready ? .ok : .serviceUnavailable, ReadinessResponse(ready: ready))
            },
            .get(APIPath.openAPI, .open) { _ in
                Response(
                    status: .ok, headers: [.contentType: "application/yaml; charset=utf-8"],
                    body: ResponseBody(byteBuffer: ByteBuffer(string: OpenAPIDocument.yaml)))
            },
            .get(APIPath.permissions, .authenticated) { input in
                try JSONCoding.response(.ok, PermissionsResponse(permissions: try input.caller.permissions.sorted()))
            },
        ]
    }
}
