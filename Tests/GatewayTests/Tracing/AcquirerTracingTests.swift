import Foundation
@testable import Gateway
import GatewayAPI
import HTTPTypes
import Logging
import Testing
import TestSupport

/// A sale through the acquirer link, traced end to end: the gateway exports its spans over
/// OTLP/HTTP to a collector in the test, and `scripts/acquirer_host.py` decides the sale.
@Suite("Tracing: a sale through the acquirer link is one trace", .enabled(if: AcquirerHostProcess.isAvailable), .serialized)
struct AcquirerTracingTests {
    /// The caller's trace and span, as W3C's example `traceparent` names them.
    static let callerTrace = "4bf92f3577b34da6a3ce929d0e0e4736"
    static let callerSpan = "00f067aa0ba902b7"

    @Test func theRequestUseCaseProcessorCallAndAcquirerMessageAreParentAndChild() async throws {
        let collector = try await OTLPCollector.start()
        let tracing = try TracingFixture.tracing(collector)
        let acquirer = try await AcquirerHarness.make(tracing: tracing)
        do {
            let (id, spans) = try await acquirer.gateway.test { (session: TestSession) async throws in
                let reply = try await session.send(.post, APIPath.sale, json: TestSession.cardBody(amount: 1_250), headers: [
                    HTTPField.Name("traceparent")!: "00-\(Self.callerTrace)-\(Self.callerSpan)-01",
                    HTTPField.Name(APIHeader.correlationId)!: "trace-test-1",
                ])
                #expect(reply.status == 201, "\(reply.text)")
                let id = try reply.decode(TransactionResource.self).id
                let spans = await collector.spans.wait(for: "the sale's spans", flush: { tracing.tracer.forceFlush() }) { spans in
                    let trace = spans.filter { $0.traceId == Self.callerTrace }
                    return ["POST /v1/transactions/sale", "payment sale", "processor authorize", "iso8583 0200"]
                        .allSatisfy { name in trace.contains { $0.name == name } }
                        && trace.filter { $0.name == "database write" }.count >= 2
                }
                return (id, spans.filter { $0.traceId == Self.callerTrace })
            }
            let request = try #require(spans.first { $0.name == "POST /v1/transactions/sale" })
            #expect(request.parentSpanId == Self.callerSpan, "the caller's traceparent is the request's parent")
            #expect(request.kind == 2)
            #expect(request.attributes["tapline.correlation_id"] == "trace-test-1")
            #expect(request.attributes["http.route"] == "/v1/transactions/sale")
            #expect(request.attributes["http.request.method"] == "POST")
            #expect(request.attributes["http.response.status_code"] == "201")

            let useCase = try #require(spans.first { $0.name == "payment sale" })
            #expect(useCase.parentSpanId == request.spanId)
            #expect(useCase.attributes["tapline.transaction_id"] == id)
            #expect(useCase.attributes["tapline.transaction.status"] == "captured")

            let call = try #require(spans.first { $0.name == "processor authorize" })
            #expect(call.parentSpanId == useCase.spanId)
            #expect(call.kind == 3)
            #expect(call.attributes["tapline.processor.operation"] == "authorize")

            let message = try #require(spans.first { $0.name == "iso8583 0200" })
            #expect(message.parentSpanId == call.spanId)
            #expect(message.kind == 3)
            #expect(message.attributes["iso8583.mti"] == "0200")
            #expect(message.attributes["iso8583.stan"] == (try acquirer.host.received("0200").first?["11"] as? String))
            #expect(message.attributes["iso8583.response_mti"] == "0210")
            #expect(message.attributes["iso8583.response_code"] == "00")

            // Phase 1 and phase 3, on either side of the processor call; and, when this sale is
            // the one that needs them, the writes that reserve a block of STANs before phase 1
            // (`PreparedRequest`), which the link's own network messages may have taken first.
            let writes = spans.filter { $0.name == "database write" }
            #expect((2...4).contains(writes.filter { $0.parentSpanId == useCase.spanId }.count), "\(writes)")
            #expect(writes.allSatisfy { $0.parentSpanId == useCase.spanId || $0.parentSpanId == request.spanId }, "\(writes)")

            // Nothing of the card, the merchant's name, the keys or the client's secret leaves in a span.
            let exported = collector.spans.bodies.joined()
            #expect(!exported.isEmpty)
            for secret in ["4242424242424242", "Test Merchant", AcquirerHarness.zonePINKey, acquirer.gateway.clientSecret] {
                #expect(!exported.contains(secret), "an exported span holds \(secret)")
            }
        } catch {
            await acquirer.stop()
            await collector.stop()
            throw error
        }
        await acquirer.stop()
        await collector.stop()
    }
}

/// The tracing a test's gateway exports to its collector with: JSON, so the collector reads
/// it with JSONSerialization; swift-otel's own log lines kept quiet.
enum TracingFixture {
    static func tracing(_ collector: OTLPCollector) throws -> GatewayTracing {
        var logger = Logger(label: "otel")
        logger.logLevel = .error
        return try GatewayTracing.make(TracingSettings(endpoint: collector.endpoint, otlpProtocol: .json), logger: logger)
    }
}
