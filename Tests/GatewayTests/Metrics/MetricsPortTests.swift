import Foundation
@testable import Gateway
import GatewayAPI
import InteropSupport
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `tapline serve --metrics-port`: `/metrics` on a listener of its own, and only there.
@Suite("Metrics: the metrics port")
struct MetricsPortTests {
    @Test func withAMetricsPortTheScrapeIsServedThereAndNotOnTheAPIPort() async throws {
        let directory = try TaplineRun.emptyFolder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let serve = try await ServeProcess.start(
            name: "metrics", arguments: [
                "--database", directory.appendingPathComponent("tapline.sqlite").path,
                "--keys", directory.appendingPathComponent("keys.json").path, "--metrics-port", "0",
            ], environment: [:], in: directory)
        defer { serve.kill() }
        let metricsPort = try await Self.metricsPort(of: serve)
        #expect(metricsPort != serve.port)

        #expect(try await serve.send("GET", APIPath.health).status == 200)
        #expect(try await serve.send("GET", APIPath.metrics).status == 404)
        let scrape = try await Self.get("http://127.0.0.1:\(metricsPort)\(APIPath.metrics)")
        #expect(scrape.status == 200)
        let text = PrometheusText(scrape.body)
        // The API listener's requests are counted in the same registry.
        #expect(text.value("tapline_http_requests_total", ["route": "/health", "method": "GET", "status": "200"]) == 1)
        #expect(text.value("tapline_http_requests_total", ["route": "unmatched", "method": "GET", "status": "404"]) == 1)
        #expect(text.value("tapline_webhook_outbox_backlog") == 0)
        // The metrics listener answers nothing else.
        #expect(try await Self.get("http://127.0.0.1:\(metricsPort)\(APIPath.health)").status == 404)
    }

    @Test func theMetricsPortIsAFlagOrAVariableAndNotTheAPIPort() throws {
        var overrides = ConfigurationOverrides(port: 8080)
        #expect(try overrides.resolve(environment: [:]).metricsPort == nil)
        #expect(try overrides.resolve(environment: ["TAPLINE_METRICS_PORT": "9464"]).metricsPort == 9464)
        overrides.metricsPort = 9465
        #expect(try overrides.resolve(environment: ["TAPLINE_METRICS_PORT": "9464"]).metricsPort == 9465)
        overrides.metricsPort = 8080
        #expect(throws: ConfigurationError.self) { try overrides.resolve(environment: [:]) }
        overrides.metricsPort = nil
        #expect(throws: ConfigurationError.self) { try overrides.resolve(environment: ["TAPLINE_METRICS_PORT": "http"]) }
    }

    /// The port the metrics listener says it took (`--metrics-port 0`). An external process
    /// coming up is the one thing polled: 50 ms steps, 30 s at most.
    static func metricsPort(of serve: ServeProcess) async throws -> Int {
        for _ in 0..<600 {
            let log = serve.standardError
            if let range = log.range(of: #"metrics served at http://127\.0\.0\.1:(\d+)/metrics"#, options: .regularExpression),
               let port = Int(log[range].split(separator: ":").last?.split(separator: "/").first ?? "") {
                return port
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw ServeProcessError("the metrics listener did not say where it listens: \(serve.standardError)")
    }

    static func get(_ url: String) async throws -> (status: Int, body: String) {
        let (data, response) = try await URLSession.shared.data(from: URL(string: url)!)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }
}
