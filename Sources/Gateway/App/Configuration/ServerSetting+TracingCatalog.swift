extension ServerSetting {
    static let tracing: [ServerSetting] = [otlpEndpoint, otlpProtocol]

    public static let otlpEndpoint = ServerSetting(
        "otlp-endpoint", "TAPLINE_OTLP_ENDPOINT",
        "Traces: an OpenTelemetry collector's OTLP/HTTP base URL, such as http://127.0.0.1:4318; spans are posted to /v1/traces under it "
            + "(no traces when not given). The standard OTEL_* variables (OTEL_EXPORTER_OTLP_HEADERS, OTEL_TRACES_SAMPLER, …) "
            + "then tune the exporter and beat these settings; alone they turn nothing on")
    public static let otlpProtocol = ServerSetting(
        "otlp-protocol", "TAPLINE_OTLP_PROTOCOL", default: "http/protobuf", "With otlp-endpoint: http/protobuf or http/json")
}
