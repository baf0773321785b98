import Gateway
import Testing

/// `--otlp-endpoint` and `--otlp-protocol`: what is taken, and what is refused with the
/// setting's name before the gateway starts.
@Suite("Tracing: the OTLP settings")
struct TracingConfigurationTests {
    @Test func anEndpointTurnsTracingOnAndSpansGoToItsTracesPath() throws {
        var flags = ConfigurationOverrides()
        flags.otlpEndpoint = "http://127.0.0.1:4318"
        let configuration = try flags.resolve(environment: ["TAPLINE_OTLP_PROTOCOL": "http/json"])
        #expect(configuration.tracing == TracingSettings(endpoint: "http://127.0.0.1:4318", otlpProtocol: .json))
        #expect(try ConfigurationOverrides().resolve(environment: [:]).tracing.endpoint == nil, "off by default")
        // The standard variable alone turns nothing on.
        #expect(try ConfigurationOverrides().resolve(environment: ["OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4318"]).tracing.endpoint == nil)
    }

    @Test(arguments: ["127.0.0.1:4318", "ftp://collector:4318", "http://", "http://collector:4318/?x=1", "collector"])
    func anEndpointThatIsNotAnHTTPURLIsRefused(endpoint: String) {
        #expect(throws: ConfigurationError.self) { try ConfigurationOverrides().resolve(environment: ["TAPLINE_OTLP_ENDPOINT": endpoint]) }
        do {
            _ = try ConfigurationOverrides().resolve(environment: ["TAPLINE_OTLP_ENDPOINT": endpoint])
        } catch {
            #expect(error.description.hasPrefix("TAPLINE_OTLP_ENDPOINT must be an http:// or https:// URL"), "\(error)")
        }
    }

    @Test func aProtocolIsRefusedWhenUnknownOrWithoutAnEndpoint() {
        #expect(throws: ConfigurationError.invalid("TAPLINE_OTLP_PROTOCOL must be http/protobuf or http/json, not 'grpc'")) {
            try ConfigurationOverrides().resolve(environment: ["TAPLINE_OTLP_ENDPOINT": "http://c:4318", "TAPLINE_OTLP_PROTOCOL": "grpc"])
        }
        #expect(throws: ConfigurationError.invalid(
            "TAPLINE_OTLP_PROTOCOL is set without otlp-endpoint (TAPLINE_OTLP_ENDPOINT): give the collector's URL too")) {
            try ConfigurationOverrides().resolve(environment: ["TAPLINE_OTLP_PROTOCOL": "http/json"])
        }
    }
}
