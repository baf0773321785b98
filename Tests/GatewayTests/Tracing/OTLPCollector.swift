import Foundation
import Hummingbird
import Logging
import NIOCore

/// An OpenTelemetry collector for one test, in process: it answers `POST /v1/traces` in
/// OTLP/HTTP's JSON encoding on a loopback port and keeps every span (``CollectedSpans``).
struct OTLPCollector: Sendable {
    let port: Int
    let spans: CollectedSpans
    private let runner: Task<Void, any Error>

    /// The base URL a gateway's `otlp-endpoint` names.
    var endpoint: String { "http://127.0.0.1:\(port)" }

    struct StartFailure: Error {}

    static func start() async throws -> OTLPCollector {
        let spans = CollectedSpans()
        let router = Router()
        router.post("/v1/traces") { request, _ -> Response in
            let body = try await request.body.collect(upTo: 16 << 20)
            try spans.receive(Data(buffer: body))
            // An empty ExportTraceServiceResponse: every span accepted.
            return Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(string: "{}")))
        }
        let (ports, bound) = AsyncStream<Int>.makeStream()
        var logger = Logger(label: "otlp-collector")
        // A cancelled server logs its open connections' ends as errors: not the test's business.
        logger.logLevel = .critical
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: "otlp-collector"),
            onServerRunning: { channel in
                bound.yield(channel.localAddress?.port ?? 0)
                bound.finish()
            },
            logger: logger)
        let runner = Task { try await app.runService() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0 else {
            runner.cancel()
            throw StartFailure()
        }
        return OTLPCollector(port: port, spans: spans, runner: runner)
    }

    /// Stops listening and waits until the server has ended.
    func stop() async {
        runner.cancel()
        _ = await runner.result
    }
}
