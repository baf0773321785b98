extension ConfigurationOverrides {
    /// `--metrics-port`, else `TAPLINE_METRICS_PORT`: where `GET /metrics` is served instead
    /// of the API's port. The same port as the API's is refused (two listeners cannot share it).
    static func metricsPort(_ flag: Int?, _ environment: [String: String], apiPort: Int) throws(ConfigurationError) -> Int? {
        guard let port = try number(flag, "--metrics-port", environment["TAPLINE_METRICS_PORT"], "TAPLINE_METRICS_PORT", in: 0...65535) else {
            return nil
        }
        if port != 0, port == apiPort {
            throw .invalid("the metrics port \(port) is the API's port: give --metrics-port another one, or leave it out to serve /metrics with the API")
        }
        return port
    }
}
