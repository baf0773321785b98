import Foundation
import GatewayAPI
import Hummingbird

/// Health, readiness, the OpenAPI document, and the caller's permissions.
struct SystemController {
    /// Whether new payments have a processor now, and each link's state with several.
    let processors: ProcessorRouter

    var routes: [GatewayRoute] {
        [
            .get(APIPath.health, .open) { _ in
                try JSONCoding.response(.ok, HealthResponse(status: "ok", version: TaplineVersion.current))
            },
            .get(APIPath.ready, .open) { _ in
                let ready = await processors.isReady
                let links = processors.links.count > 1
                    ? Dictionary(uniqueKeysWithValues: await processors.states().map { ($0.name, $0.up) }) : nil
                return try JSONCoding.response(ready ? .ok : .serviceUnavailable, ReadinessResponse(ready: ready, links: links))
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
