import Logging

/// Settings an operator gave on the command line. Resolution order: these flags, then the
/// environment (`TAPLINE_*`), then the defaults of ``GatewayConfiguration``.
public struct ConfigurationOverrides: Sendable {
    public var host: String?
    public var port: Int?
    public var databasePath: String?
    public var keysPath: String?
    public var logLevel: String?

    public init(host: String? = nil, port: Int? = nil, databasePath: String? = nil, keysPath: String? = nil, logLevel: String? = nil) {
        self.host = host
        self.port = port
        self.databasePath = databasePath
        self.keysPath = keysPath
        self.logLevel = logLevel
    }

    /// The configuration these flags, then `environment`, then the defaults make.
    public func resolve(environment: [String: String]) throws(ConfigurationError) -> GatewayConfiguration {
        var configuration = GatewayConfiguration()
        configuration.host = host ?? environment["TAPLINE_HOST"] ?? configuration.host
        if let port = port {
            configuration.port = try Self.port(String(port), source: "--port")
        } else if let text = environment["TAPLINE_PORT"] {
            configuration.port = try Self.port(text, source: "TAPLINE_PORT")
        }
        configuration.databasePath = databasePath ?? environment["TAPLINE_DATABASE"] ?? configuration.databasePath
        configuration.keysPath = keysPath ?? environment["TAPLINE_KEYS"] ?? configuration.keysPath
        if let level = logLevel ?? environment["TAPLINE_LOG_LEVEL"] {
            guard let parsed = Logger.Level(rawValue: level.lowercased()) else {
                throw .invalid("log level '\(level)' is not one of trace, debug, info, notice, warning, error, critical")
            }
            configuration.logLevel = parsed
        }
        return configuration
    }

    private static func port(_ text: String, source: String) throws(ConfigurationError) -> Int {
        guard let port = Int(text), (0...65535).contains(port) else { throw .invalid("\(source) must be a port number (0–65535), not '\(text)'") }
        return port
    }
}

/// A setting that cannot be used, with what is wrong.
public enum ConfigurationError: Error, Equatable, CustomStringConvertible {
    case invalid(String)

    public var description: String {
        switch self {
        case .invalid(let message): return message
        }
    }
}
