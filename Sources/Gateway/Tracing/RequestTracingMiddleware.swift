import HTTPTypes
import Hummingbird
import OTel
import Tracing

/// One server span per request, named like the metrics by the route's template
/// (`POST /v1/transactions/{id}/capture`), never the path asked for. A W3C `traceparent`
/// header makes it the caller's span's child, in the caller's trace. It carries the method,
/// the route, the status the client got and the correlation id; the request's log lines
/// carry the trace id (`trace_id`).
///
/// Outermost but for the in-flight count, so the span covers the correlation middleware's
/// work and the error envelope's answer, and reads the correlation id from the response.
struct RequestTracingMiddleware: RouterMiddleware {
    typealias Context = GatewayContext
    let tracer: any Tracer

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var parent = ServiceContext.topLevel
        tracer.extract(TraceHeaders(request.headers), into: &parent, using: TraceHeaders.Reader())
        let route = RequestMetricsMiddleware.route(context.endpointPath)
        let method = RequestMetricsMiddleware.method(request.method.rawValue)
        let span = tracer.startSpan("\(method) \(route)", context: parent, ofKind: .server)
        defer { span.end() }
        span.attributes["http.request.method"] = method
        span.attributes["http.route"] = route
        var context = context
        if let traceId = span.context.otelTraceID { context.logger[metadataKey: "trace_id"] = "\(traceId)" }
        do {
            let response = try await ServiceContext.$current.withValue(span.context) { try await next(request, context) }
            Self.finish(span, status: Int(response.status.code), correlationId: response.headers[CorrelationMiddleware.header])
            return response
        } catch {
            // Only an error the envelope did not turn into an answer gets here.
            Self.finish(span, status: (error as? any HTTPResponseError).map { Int($0.status.code) } ?? 500, correlationId: nil)
            throw error
        }
    }

    private static func finish(_ span: any Span, status: Int, correlationId: String?) {
        span.attributes["http.response.status_code"] = status
        if let correlationId { span.attributes["tapline.correlation_id"] = correlationId }
        // OpenTelemetry's HTTP conventions: a server span fails on 5xx only; a 4xx is the client's.
        if status >= 500 { span.setStatus(SpanStatus(code: .error)) }
    }
}

/// The request's W3C trace context headers and nothing else: a tracer that cannot read them
/// logs the carrier, which must not be every header (the bearer token is one).
struct TraceHeaders: Sendable, CustomStringConvertible {
    var fields: [String: String] = [:]

    init(_ headers: HTTPFields) {
        for name in ["traceparent", "tracestate"] {
            if let field = HTTPField.Name(name), let value = headers[field] { fields[name] = String(value.prefix(512)) }
        }
    }

    var description: String { "\(fields)" }

    struct Reader: Extractor {
        func extract(key: String, from carrier: TraceHeaders) -> String? { carrier.fields[key] }
    }
}
