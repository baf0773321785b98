import Logging
import OTel
import ServiceLifecycle
import Tracing

/// A gateway's tracer and the service that exports its spans. Each gateway has its own,
/// passed to what starts spans, never the process's `InstrumentationSystem`: tests run many
/// gateways in one process, as they do with ``GatewayMetrics``.
public struct GatewayTracing: Sendable {
    /// Starts the gateway's spans; a no-op when tracing is off.
    public let tracer: any Tracer
    /// Batches the spans and posts them to the collector. It runs in the gateway's service
    /// group, which stops it after everything that makes spans, so it flushes the last ones.
    /// Nil when tracing is off.
    public let service: (any Service)?

    /// No exporter, and a tracer that records nothing.
    public static let off = GatewayTracing(tracer: NoOpTracer(), service: nil)

    public init(tracer: any Tracer, service: (any Service)?) {
        self.tracer = tracer
        self.service = service
    }

    /// swift-otel's tracer and OTLP/HTTP exporter for `settings`, or ``off`` without an
    /// endpoint. Service name `tapline`; W3C trace context; the parent's sampling decision,
    /// else every trace. swift-otel then applies the standard `OTEL_*` variables
    /// (`OTEL_EXPORTER_OTLP_HEADERS`, `OTEL_TRACES_SAMPLER`, `OTEL_SERVICE_NAME`, …), which
    /// beat these settings. Its own log lines go to `logger`.
    public static func make(_ settings: TracingSettings, logger: Logger) throws -> GatewayTracing {
        guard let url = settings.tracesURL else { return .off }
        var configuration = OTel.Configuration.default
        configuration.serviceName = "tapline"
        configuration.diagnosticLogger = .custom(logger)
        // Its failures (a collector that does not answer) only; OTEL_LOG_LEVEL beats it.
        configuration.diagnosticLogLevel = .warning
        configuration.propagators = [.traceContext]
        configuration.traces.otlpExporter.endpoint = url
        configuration.traces.otlpExporter.protocol = switch settings.otlpProtocol {
        case .protobuf: .httpProtobuf
        case .json: .httpJSON
        }
        configuration.metrics.enabled = false
        configuration.logs.enabled = false
        let backend = try OTel.makeTracingBackend(configuration: configuration)
        return GatewayTracing(tracer: backend.factory, service: backend.service)
    }
}
