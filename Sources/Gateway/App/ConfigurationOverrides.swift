import Foundation
import Logging

/// Settings an operator gave on the command line. Resolution order: these flags, then the
/// environment (`TAPLINE_*`), then the defaults of ``GatewayConfiguration``.
public struct ConfigurationOverrides: Sendable {
    public var host: String?
    public var port: Int?
    /// A port of its own for `GET /metrics` (`ConfigurationOverrides+Metrics`).
    public var metricsPort: Int?
    public var databasePath: String?
    public var keysPath: String?
    public var logLevel: String?
    /// `text` or `json` (``LogFormat``).
    public var logFormat: String?
    /// Seconds a reader token is valid.
    public var readerTokenLifetime: Int?
    /// Wrong PINs allowed before a payment is declined for good (single tap and PIN).
    public var pinMaxAttempts: Int?
    /// Seconds a soft-declined payment waits for its PIN.
    public var pinWindow: Int?
    /// Seconds one webhook POST may take.
    public var webhookTimeout: Int?
    /// A PostgreSQL URL; when given, the gateway uses PostgreSQL instead of SQLite.
    public var databaseURL: String?
    /// Connections to PostgreSQL per instance.
    public var databasePoolSize: Int?
    /// A file holding the master key (base64 of 32 bytes); `TAPLINE_MASTER_KEY` gives the key itself.
    public var masterKeyFile: String?
    /// `simulator`, `iso8583://host:port` or `iso8583s://host:port` (TLS).
    public var processor: String?
    /// Connections to the acquirer host.
    public var acquirerConnections: Int?
    /// Seconds the acquirer link waits for each answer.
    public var acquirerResponseTimeout: Int?
    /// Seconds an idle acquirer connection waits before its echo test.
    public var acquirerEchoInterval: Int?
    /// TLS on the acquirer link (`iso8583s://`): the CA file, the client certificate chain
    /// and its key (mutual TLS), and the SHA-256 pin of the host's certificate.
    public var acquirerTLSCA: String?
    public var acquirerTLSCert: String?
    public var acquirerTLSKey: String?
    public var acquirerTLSPin: String?
    /// A file holding the zone PIN key in hex; `TAPLINE_ZONE_PIN_KEY` gives the key itself.
    public var zonePINKeyFile: String?
    /// A file holding the acquirer link's MAC key (terminal authentication key) in hex;
    /// `TAPLINE_ACQUIRER_MAC_KEY` gives the key itself.
    public var acquirerMACKeyFile: String?
    /// A file holding the zone master key for key exchange in hex;
    /// `TAPLINE_ACQUIRER_ZONE_MASTER_KEY` gives the key itself.
    public var acquirerZoneMasterKeyFile: String?
    /// Seconds between the acquirer link's requests for a new working key; none by default.
    public var acquirerKeyExchangeInterval: Int?
    /// The acquirers file (TOML): several named acquirer links and the routing rules among
    /// them, instead of the one link of `processor` and the flags above.
    public var acquirersFile: String?
    /// `tapline`, `signed` or `remote`: how reader tokens are made.
    public var readerTokens: String?
    /// The payment service provider's P-256 private key, a PEM file (signed reader tokens).
    public var readerTokenKeyFile: String?
    /// The provider's key id, the signed tokens' `kid`.
    public var readerTokenKeyId: String?
    /// What a claim template's `{{issuer}}` becomes.
    public var readerTokenIssuer: String?
    /// The claim template, a JSON file.
    public var readerTokenClaimsFile: String?
    /// `tapline` or `remote`: how card data is opened (``CardDataOptions`` in the CLI).
    public var cardData: String?
    /// The provider's decryption service (https URL), its mutual-TLS files and timeout.
    public var cardDataService: String?
    public var cardDataServiceCert: String?
    public var cardDataServiceKey: String?
    public var cardDataServiceCA: String?
    public var cardDataServiceTimeout: Int?
    /// A file holding the PIN key shared with the decryption service, in hex.
    public var cardDataServicePINKey: String?
    /// The provider's token service, an https URL (remote reader tokens).
    public var readerTokenService: String?
    /// The gateway's client certificate (PEM) for mutual TLS with the token service.
    public var readerTokenServiceCert: String?
    /// The private key (PEM) of that certificate.
    public var readerTokenServiceKey: String?
    /// The certificate authority (PEM) the token service's certificate chains to.
    public var readerTokenServiceCA: String?
    /// Seconds one call to the token service may take.
    public var readerTokenServiceTimeout: Int?

    public init(
        host: String? = nil, port: Int? = nil, databasePath: String? = nil, keysPath: String? = nil, logLevel: String? = nil,
        readerTokenLifetime: Int? = nil
    ) {
        self.host = host
        self.port = port
        self.databasePath = databasePath
        self.keysPath = keysPath
        self.logLevel = logLevel
        self.readerTokenLifetime = readerTokenLifetime
    }

    /// Reader tokens live from a minute to a week: long enough for a shift, short enough
    /// that a lost phone stops reading soon.
    static let readerTokenLifetimes = 60...(7 * 24 * 3600)

    /// The configuration these flags, then `environment`, then the defaults make.
    public func resolve(environment: [String: String]) throws(ConfigurationError) -> GatewayConfiguration {
        var configuration = GatewayConfiguration()
        configuration.host = host ?? environment["TAPLINE_HOST"] ?? configuration.host
        if let port = port {
            configuration.port = try Self.port(String(port), source: "--port")
        } else if let text = environment["TAPLINE_PORT"] {
            configuration.port = try Self.port(text, source: "TAPLINE_PORT")
        }
        configuration.metricsPort = try Self.metricsPort(metricsPort, environment, apiPort: configuration.port)
        configuration.databasePath = databasePath ?? environment["TAPLINE_DATABASE"] ?? configuration.databasePath
        configuration.keysPath = keysPath ?? environment["TAPLINE_KEYS"] ?? configuration.keysPath
        // Where the data lives is one setting in two forms, so a flag of either form beats the
        // environment of either: `--database x.sqlite` is SQLite even with TAPLINE_DATABASE_URL set.
        if databasePath != nil, databaseURL != nil {
            throw .invalid("--database and --database-url name two databases: give one (SQLite's file, or PostgreSQL's URL)")
        }
        if let url = databaseURL ?? (databasePath == nil ? environment["TAPLINE_DATABASE_URL"] : nil) {
            guard url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") else {
                throw .invalid("the database URL must be postgres://user:password@host:port/database, not '\(ConfigurationError.redacted(url))'")
            }
            configuration.databaseURL = url
        }
        if let size = try Self.number(
            databasePoolSize, "--database-pool-size", environment["TAPLINE_DATABASE_POOL_SIZE"], "TAPLINE_DATABASE_POOL_SIZE", in: 1...200) {
            configuration.databasePoolSize = size
        }
        configuration.masterKey = try Self.masterKey(
            file: masterKeyFile ?? environment["TAPLINE_MASTER_KEY_FILE"], text: environment["TAPLINE_MASTER_KEY"])
        if let level = logLevel ?? environment["TAPLINE_LOG_LEVEL"] {
            guard let parsed = Logger.Level(rawValue: level.lowercased()) else {
                throw .invalid("log level '\(level)' is not one of trace, debug, info, notice, warning, error, critical")
            }
            configuration.logLevel = parsed
        }
        configuration.logFormat = try Self.logFormat(logFormat, environment["TAPLINE_LOG_FORMAT"])
        if let seconds = readerTokenLifetime {
            configuration.readerTokenLifetime = try Self.lifetime(String(seconds), source: "--reader-token-lifetime")
        } else if let text = environment["TAPLINE_READER_TOKEN_LIFETIME"] {
            configuration.readerTokenLifetime = try Self.lifetime(text, source: "TAPLINE_READER_TOKEN_LIFETIME")
        }
        if let tries = try Self.number(pinMaxAttempts, "--pin-max-attempts", environment["TAPLINE_PIN_MAX_ATTEMPTS"], "TAPLINE_PIN_MAX_ATTEMPTS", in: 1...10) {
            configuration.pinMaxAttempts = tries
        }
        if let seconds = try Self.number(pinWindow, "--pin-window", environment["TAPLINE_PIN_WINDOW"], "TAPLINE_PIN_WINDOW", in: 30...600) {
            configuration.pinWindow = TimeInterval(seconds)
        }
        if let seconds = try Self.number(webhookTimeout, "--webhook-timeout", environment["TAPLINE_WEBHOOK_TIMEOUT"], "TAPLINE_WEBHOOK_TIMEOUT", in: 1...60) {
            configuration.webhookTimeout = .seconds(seconds)
        }
        configuration.processor = try acquirerLink(environment)
        if let slowest = configuration.processor.network?.links.map(\.settings.gatewayTimeout).max() {
            // Above every link's own wait, so that the link's no-answer path ends the request.
            configuration.processorTimeout = slowest
        }
        configuration.readerTokens = try readerTokenMode(environment)
        configuration.cardData = try cardDataMode(environment, processor: configuration.processor)
        try Self.dashboard(environment, into: &configuration.dashboard)
        return configuration
    }

    /// A whole number from the flag, else the environment, within `range`.
    static func number(
        _ flag: Int?, _ flagName: String, _ text: String?, _ variable: String, in range: ClosedRange<Int>
    ) throws(ConfigurationError) -> Int? {
        guard let (value, source) = flag.map({ ($0 as Int?, flagName) }) ?? text.map({ (Int($0), variable) }) else { return nil }
        guard let value, range.contains(value) else {
            throw .invalid("\(source) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(flag.map(String.init) ?? text ?? "")'")
        }
        return value
    }

    private static func lifetime(_ text: String, source: String) throws(ConfigurationError) -> TimeInterval {
        guard let seconds = Int(text), readerTokenLifetimes.contains(seconds) else {
            throw .invalid("\(source) must be seconds from \(readerTokenLifetimes.lowerBound) to \(readerTokenLifetimes.upperBound), not '\(text)'")
        }
        return TimeInterval(seconds)
    }

    /// The master key from a file, else from `TAPLINE_MASTER_KEY`. Errors never echo the key.
    private static func masterKey(file: String?, text: String?) throws(ConfigurationError) -> MasterKey? {
        if let file {
            guard let contents = try? String(contentsOfFile: file, encoding: .utf8) else {
                throw .invalid("cannot read the master key file \(file)")
            }
            guard let key = MasterKey(base64: contents) else {
                throw .invalid("the master key file \(file) must hold 32 bytes in base64 (make one with: tapline keys new-master-key)")
            }
            return key
        }
        guard let text else { return nil }
        guard let key = MasterKey(base64: text) else {
            throw .invalid("TAPLINE_MASTER_KEY must be 32 bytes in base64 (make one with: tapline keys new-master-key)")
        }
        return key
    }

    /// The log format from the flag, else the environment; anything but a known format is
    /// refused with where it came from.
    static func logFormat(_ flag: String?, _ variable: String?) throws(ConfigurationError) -> LogFormat {
        guard let (text, source) = flag.map({ ($0, "--log-format") }) ?? variable.map({ ($0, "TAPLINE_LOG_FORMAT") }) else { return .text }
        guard let format = LogFormat(rawValue: text) else {
            throw .invalid("\(source) must be text or json, not '\(text)'")
        }
        return format
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

    /// A URL as it may appear in an error message: without its password.
    public static func redacted(_ url: String) -> String {
        guard var components = URLComponents(string: url), components.password != nil else { return url }
        components.password = "***"
        return components.string ?? "(unreadable URL)"
    }
}
