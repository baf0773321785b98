import Foundation
import GatewayAPI
import Hummingbird
import Logging
import Storage

/// Health, readiness, the OpenAPI document, and the caller's permissions.
struct SystemController {
    /// Whether new payments have a processor now, and each link's state with several.
    let processors: ProcessorRouter
    /// Read once per `/ready`, so that a gateway that cannot read its data is not sent payments.
    let store: any Store
    /// Once the gateway is stopping, `/ready` is 503 whatever else holds.
    let drain: GatewayDrain
    /// `GET /metrics`, unless `--metrics-port` serves it on a listener of its own.
    let metrics: MetricsScrape?

    var routes: [GatewayRoute] {
        [
            .get(APIPath.health, .open) { _ in
                try JSONCoding.response(.ok, HealthResponse(status: "ok", version: TaplineVersion.current))
            },
            .get(APIPath.ready, .open) { input in
                let ready = await processors.isReady
                let links = processors.links.count > 1
                    ? Dictionary(uniqueKeysWithValues: await processors.states().map { ($0.name, $0.up) }) : nil
                let databaseError = await DatabaseProbe.check(store, logger: input.context.logger)
                var answer = ReadinessResponse(ready: ready, links: links, databaseError: databaseError)
                if drain.isDraining { answer.stopping() }
                return try JSONCoding.response(answer.status == "ready" ? .ok : .serviceUnavailable, answer)
            },
            .get(APIPath.openAPI, .open) { _ in
                Response(
                    status: .ok, headers: [.contentType: "application/yaml; charset=utf-8"],
                    body: ResponseBody(byteBuffer: ByteBuffer(string: OpenAPIDocument.yaml)))
            },
            .get(APIPath.permissions, .authenticated) { input in
                try JSONCoding.response(.ok, PermissionsResponse(permissions: try input.caller.permissions.sorted()))
            },
        ] + metricsRoutes
    }

    /// Open, as Prometheus expects: the counts hold no card, merchant or secret
    /// (`MetricsExposureTests`); put them on `--metrics-port` on a private interface.
    private var metricsRoutes: [GatewayRoute] {
        guard let metrics else { return [] }
        return [.get(APIPath.metrics, .open) { _ in try await metrics.response() }]
    }
}
