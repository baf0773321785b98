import Foundation
@testable import Gateway
import GatewayAPI
import HTTPTypes
import Logging
import Processing
import Storage
import Testing
import TestSupport
import Tracing

/// Spans with the simulator: a trace of the gateway's own, follow-ups, the trace id in the
/// JSON log lines, nothing secret in a span, and tracing off by default.
@Suite("Tracing: spans exported over OTLP, off by default")
struct TracingTests {
    @Test func aRequestWithoutTraceparentStartsATraceAndItsLogLinesCarryItsId() async throws {
        let collector = try await OTLPCollector.start()
        let tracing = try TracingFixture.tracing(collector)
        let harness = try await GatewayHarness.make(logFormat: .json, tracing: tracing)
        let spans = try await harness.test { (session: TestSession) async throws in
            let held = try await session.pay("authorization", amount: 5_000)
            let capture = try await session.followUp(held.id, .capture, json: #"{"amount":5000}"#)
            #expect(capture.status == 201, "\(capture.text)")
            return await collector.spans.wait(for: "the capture's spans", flush: { tracing.tracer.forceFlush() }) { spans in
                spans.contains { $0.name == "POST /v1/transactions/{id}/capture" } && spans.contains { $0.name == "follow-up capture" }
                    && spans.contains { $0.name == "payment authorization" }
            }
        }
        let request = try #require(spans.first { $0.name == "POST /v1/transactions/{id}/capture" })
        #expect(request.parentSpanId.isEmpty, "no traceparent: the request is the trace's root")
        #expect(request.traceId.count == 32 && request.traceId != String(repeating: "0", count: 32))
        #expect(request.attributes["http.route"] == "/v1/transactions/{id}/capture")
        #expect(request.attributes["tapline.correlation_id"]?.isEmpty == false)
        let followUp = try #require(spans.first { $0.name == "follow-up capture" })
        #expect(followUp.parentSpanId == request.spanId && followUp.traceId == request.traceId)
        #expect(spans.contains { $0.name == "processor capture" && $0.parentSpanId == followUp.spanId })
        #expect(spans.filter { $0.name == "database write" && $0.parentSpanId == followUp.spanId }.count == 2)
        let authorization = try #require(spans.first { $0.name == "payment authorization" })
        #expect(authorization.traceId != request.traceId, "each request is a trace of its own")

        // The request's log lines, its access line too, name its trace.
        let lines = harness.logs.all.filter { $0.contains(#""trace_id":"\#(request.traceId)""#) }
        #expect(lines.contains { $0.contains(#""message":"request""#) }, "\(harness.logs.all)")
        #expect(lines.contains { $0.contains(#""message":"payment""#) || $0.contains(#""type":"capture""#) }, "\(lines)")
        await collector.stop()
    }

    @Test func noSpanHoldsTheCardNumberTheMerchantsNameOrASecret() async throws {
        let collector = try await OTLPCollector.start()
        let tracing = try TracingFixture.tracing(collector)
        let harness = try await GatewayHarness.make(tracing: tracing)
        let pan = "5555555555554444"
        try await harness.test { (session: TestSession) async throws in
            let sale = try await session.pay(pan: pan, amount: 2_000)
            _ = try await session.followUp(sale.id, .refund, json: #"{"amount":500}"#)
            // A refused request too: its error names the field, never the value.
            _ = try await session.send(.post, APIPath.sale, json: TestSession.cardBody(pan: "5555555555554445", amount: 2_000))
            _ = await collector.spans.wait(for: "the refund's spans", flush: { tracing.tracer.forceFlush() }) { spans in
                spans.contains { $0.name == "follow-up refund" } && spans.filter { $0.name == "POST /v1/transactions/sale" }.count == 2
            }
        }
        let exported = collector.spans.bodies.joined()
        #expect(exported.contains("follow-up refund"), "the scan reads real exports")
        for secret in [pan, "5555555555554445", "Test Merchant", harness.clientSecret, "\"123\""] {
            #expect(!exported.contains(secret), "an exported span holds \(secret)")
        }
        await collector.stop()
    }

    @Test func aMalformedTraceparentStartsATraceOfItsOwnAndNoOtherHeaderIsLogged() async throws {
        let collector = try await OTLPCollector.start()
        let diagnostics = LogCapture()
        var logger = Logger(label: "otel") { _ in CapturingLogHandler(capture: diagnostics) }
        logger.logLevel = .trace
        let tracing = try GatewayTracing.make(TracingSettings(endpoint: collector.endpoint, otlpProtocol: .json), logger: logger)
        let harness = try await GatewayHarness.make(tracing: tracing)
        let (token, spans) = try await harness.test { (session: TestSession) async throws in
            let reply = try await session.send(.get, APIPath.transactions, headers: [HTTPField.Name("traceparent")!: "00-not-a-trace-01"])
            #expect(reply.status == 200)
            let spans = await collector.spans.wait(for: "the list's span", flush: { tracing.tracer.forceFlush() }) { spans in
                spans.contains { $0.name == "GET /v1/transactions" }
            }
            return (session.token, spans)
        }
        let request = try #require(spans.first { $0.name == "GET /v1/transactions" })
        #expect(request.parentSpanId.isEmpty && request.traceId.count == 32)
        // swift-otel logs the carrier it could not read: the trace headers, never the token.
        #expect(diagnostics.all.contains { $0.contains("00-not-a-trace-01") }, "\(diagnostics.all)")
        #expect(!diagnostics.all.contains { $0.contains(token) })
        await collector.stop()
    }

    @Test func withoutAnEndpointThereIsNoExporterAndTheTracerIsANoOp() throws {
        let tracing = try GatewayTracing.make(TracingSettings(), logger: .init(label: "test"))
        #expect(tracing.service == nil)
        #expect(tracing.tracer is NoOpTracer)
        #expect(GatewayConfiguration().tracing == TracingSettings())
        #expect(GatewayDependencies(store: MemoryStore(), processor: SimulatedProcessor(), keys: .generate()).tracing.service == nil)
    }
}
