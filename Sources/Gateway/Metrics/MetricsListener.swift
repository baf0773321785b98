import GatewayAPI
import Hummingbird
import Logging

/// `--metrics-port`: a second listener that answers `GET /metrics` and nothing else, so an
/// operator can keep the scrape off the API's address (a private interface, or a port the
/// load balancer does not forward).
enum MetricsListener {
    static func application(_ scrape: MetricsScrape, host: String, port: Int, logger: Logger) -> some ApplicationProtocol {
        let router = Router(context: GatewayContext.self)
        router.add(middleware: CorrelationMiddleware())
        router.add(middleware: RequestMetricsMiddleware(metrics: scrape.metrics))
        router.add(middleware: ErrorEnvelopeMiddleware())
        router.get(RouterPath(APIPath.metrics)) { _, _ in try await scrape.response() }
        // Hummingbird's own "listening on" line is the API listener's: tools (and tests) read
        // the API's port from it, so this listener announces itself in other words.
        var quiet = logger
        quiet.logLevel = max(logger.logLevel, .notice)
        return Application(
            router: router,
            configuration: .init(address: .hostname(host, port: port), serverName: "tapline-metrics"),
            onServerRunning: { channel in
                logger.notice("metrics served at http://\(host):\(channel.localAddress?.port ?? port)\(APIPath.metrics)")
            },
            logger: quiet)
    }
}
