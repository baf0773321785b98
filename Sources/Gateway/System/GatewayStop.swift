import Hummingbird
import Logging
import ServiceLifecycle

/// Runs the gateway until SIGTERM or SIGINT, then stops it in order (``GatewayDrain``):
/// `/ready` turns 503 at once, the HTTP server stops accepting and lets its requests finish,
/// the webhook worker finishes the deliveries it started, the jobs end, and the acquirer
/// links sign off. What is still running after `timeout` is cut. Each step is logged.
public enum GatewayStop {
    public static func run(_ app: some ApplicationProtocol, drain: GatewayDrain, timeout: Duration, logger: Logger) async throws {
        // The group ends its services last first: the marker, then the application.
        var configuration = ServiceGroupConfiguration(
            services: [.init(service: app), .init(service: StopMarker(drain: drain, timeout: timeout, logger: logger))],
            gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        configuration.maximumGracefulShutdownDuration = timeout
        try await ServiceGroup(configuration: configuration).run()
        guard drain.isDraining else { return }
        logger.notice("stopped", metadata: [
            "requests_finished_while_stopping": "\(drain.finishedWhileDraining)", "requests_cut": "\(drain.inFlight)",
        ])
    }
}

/// Waits for the stop, then marks it begun before anything else stops.
private struct StopMarker: Service {
    let drain: GatewayDrain
    let timeout: Duration
    let logger: Logger

    func run() async throws {
        do {
            try await gracefulShutdown()
        } catch {
            return  // the gateway ended another way (it could not start): nothing to drain
        }
        let inFlight = drain.begin()
        logger.notice("stopping: /ready answers 503, no new connections, finishing what is in flight", metadata: [
            "requests_in_flight": "\(inFlight)", "drain_timeout_seconds": "\(timeout.components.seconds)",
        ])
    }
}
