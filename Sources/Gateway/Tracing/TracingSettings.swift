/// Where the gateway's spans go (`--otlp-endpoint`, `--otlp-protocol`). Without an endpoint
/// tracing is off: no exporter runs and the tracer is a no-op.
public struct TracingSettings: Sendable, Equatable {
    /// OTLP over HTTP, in the encodings of `OTEL_EXPORTER_OTLP_PROTOCOL` (gRPC is not built).
    public enum OTLPProtocol: String, Sendable, CaseIterable {
        case protobuf = "http/protobuf"
        case json = "http/json"
    }

    /// An OTLP/HTTP collector's base URL (`http://127.0.0.1:4318`); spans are posted to
    /// `/v1/traces` under it, as `OTEL_EXPORTER_OTLP_ENDPOINT` means.
    public var endpoint: String?
    public var otlpProtocol: OTLPProtocol = .protobuf

    public init(endpoint: String? = nil, otlpProtocol: OTLPProtocol = .protobuf) {
        self.endpoint = endpoint
        self.otlpProtocol = otlpProtocol
    }

    /// The URL spans are posted to; nil when tracing is off.
    var tracesURL: String? {
        guard let endpoint else { return nil }
        return endpoint.hasSuffix("/") ? endpoint + "v1/traces" : endpoint + "/v1/traces"
    }
}
