import Foundation

extension ConfigurationOverrides {
    /// `otlp-endpoint` (an http or https URL with a host) and `otlp-protocol`. A protocol
    /// without an endpoint is refused: it would look like tracing is on.
    static func tracing(_ sources: SettingSources) throws(ConfigurationError) -> TracingSettings {
        var settings = TracingSettings()
        if let given = sources.lookup(.otlpEndpoint) {
            guard let url = URLComponents(string: given.value), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
                  !(url.host ?? "").isEmpty, url.query == nil else {
                throw .invalid(
                    "\(given.source) must be an http:// or https:// URL of an OTLP/HTTP collector, such as http://127.0.0.1:4318, "
                        + "not '\(ConfigurationError.redacted(String(given.value.prefix(200))))'")
            }
            settings.endpoint = given.value
        }
        if let given = sources.lookup(.otlpProtocol) {
            guard let value = TracingSettings.OTLPProtocol(rawValue: given.value) else {
                throw .invalid("\(given.source) must be http/protobuf or http/json, not '\(given.value.prefix(32))'")
            }
            guard settings.endpoint != nil else {
                throw .invalid("\(given.source) is set without otlp-endpoint (TAPLINE_OTLP_ENDPOINT): give the collector's URL too")
            }
            settings.otlpProtocol = value
        }
        return settings
    }
}
