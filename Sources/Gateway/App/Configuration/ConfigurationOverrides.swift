import Foundation
import Logging

/// Settings an operator gave on the command line, by ``ServerSetting``, as the text of each
/// flag. Resolution order, for every setting: these flags, then the environment
/// (`TAPLINE_*`), then the configuration file (`--config`), then the defaults of
/// ``GatewayConfiguration`` (``SettingSources``). The typed properties
/// (`ConfigurationOverrides+Flags.swift`) read and write the same texts.
public struct ConfigurationOverrides: Sendable {
    /// Each flag's text.
    public var flags: [ServerSetting: String] = [:]

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

    /// A flag's text, nil when not given.
    public subscript(setting: ServerSetting) -> String? {
        get { flags[setting] }
        set { flags[setting] = newValue }
    }

    /// Reader tokens live from a minute to a week: long enough for a shift, short enough
    /// that a lost phone stops reading soon.
    static let readerTokenLifetimes = 60...(7 * 24 * 3600)

    /// The configuration these flags, then `environment`, then the configuration file they
    /// or the environment name, then the defaults make.
    public func resolve(environment: [String: String]) throws(ConfigurationError) -> GatewayConfiguration {
        try resolve(sources(environment: environment))
    }

    /// The layers every setting is looked up in, with the configuration file read.
    func sources(environment: [String: String]) throws(ConfigurationError) -> SettingSources {
        let bare = SettingSources(flags: flags, environment: environment, file: nil)
        let file = try bare.lookup(.config).map { config throws(ConfigurationError) in
            try ConfigurationFile.read(path: config.value, source: config.source)
        }
        return SettingSources(flags: flags, environment: environment, file: file)
    }

    /// Every setting is checked, and every problem reported, one line each, so that one edit
    /// fixes them all. A setting that another depends on and that failed leaves its default
    /// for the others' checks.
    func resolve(_ sources: SettingSources) throws(ConfigurationError) -> GatewayConfiguration {
        var configuration = GatewayConfiguration()
        var problems: [String] = []
        // Each step throws only ConfigurationError; a closure's typed throws is not inferred.
        func check(_ step: () throws -> Void) {
            do { try step() } catch { problems.append(String(describing: error)) }
        }
        configuration.host = sources[.host] ?? configuration.host
        check {
            if let port = sources.lookup(.port) { configuration.port = try Self.port(port.value, source: port.source) }
        }
        check { configuration.metricsPort = try Self.metricsPort(sources, apiPort: configuration.port) }
        check { configuration.tls = try Self.listenerTLS(sources) }
        configuration.keysPath = sources[.keys] ?? configuration.keysPath
        check { try Self.database(sources, into: &configuration) }
        check {
            if let size = try Self.number(sources, .databasePoolSize, in: 1...200) { configuration.databasePoolSize = size }
        }
        check { configuration.masterKey = try Self.masterKey(file: sources.lookup(.masterKeyFile), text: sources.lookup(.masterKey)) }
        check {
            guard let level = sources.lookup(.logLevel) else { return }
            guard let parsed = Logger.Level(rawValue: level.value.lowercased()) else {
                throw ConfigurationError.invalid("\(level.source) '\(level.value)' is not one of trace, debug, info, notice, warning, error, critical")
            }
            configuration.logLevel = parsed
        }
        check { configuration.logFormat = try Self.logFormat(sources.lookup(.logFormat)) }
        check { configuration.tracing = try Self.tracing(sources) }
        check {
            if let seconds = try Self.number(sources, .readerTokenLifetime, in: Self.readerTokenLifetimes) {
                configuration.readerTokenLifetime = TimeInterval(seconds)
            }
        }
        check { if let tries = try Self.number(sources, .pinMaxAttempts, in: 1...10) { configuration.pinMaxAttempts = tries } }
        check { if let seconds = try Self.number(sources, .pinWindow, in: 30...600) { configuration.pinWindow = TimeInterval(seconds) } }
        check { if let seconds = try Self.number(sources, .webhookTimeout, in: 1...60) { configuration.webhookTimeout = .seconds(seconds) } }
        check { if let seconds = try Self.number(sources, .drainTimeout, in: 1...600) { configuration.drainTimeout = .seconds(seconds) } }
        check { configuration.processor = try acquirerLink(sources) }
        if let slowest = configuration.processor.network?.links.map(\.settings.gatewayTimeout).max() {
            // Above every link's own wait, so that the link's no-answer path ends the request.
            configuration.processorTimeout = slowest
        }
        check { configuration.readerTokens = try readerTokenMode(sources) }
        check { configuration.cardData = try cardDataMode(sources, processor: configuration.processor) }
        // Served over TLS, the dashboard's cookies are Secure unless the operator says otherwise.
        configuration.dashboard.secureCookies = configuration.tls != nil
        check { try Self.dashboard(sources, into: &configuration.dashboard) }
        guard problems.isEmpty else { throw .invalid(problems.joined(separator: "\n")) }
        return configuration
    }

    /// Where the data lives is one setting in two forms, so the first layer naming either
    /// decides: `--database x.sqlite` is SQLite even with `TAPLINE_DATABASE_URL` set, and
    /// `TAPLINE_DATABASE` beats a `database-url` in the file. One layer naming both is refused.
    private static func database(_ sources: SettingSources, into configuration: inout GatewayConfiguration) throws(ConfigurationError) {
        let path = sources.lookup(.database)
        let url = sources.lookup(.databaseURL)
        if let path, let url, path.layer == url.layer {
            throw .invalid("\(path.source) and \(url.source) name two databases: give one (SQLite's file, or PostgreSQL's URL)")
        }
        if let path, url.map({ path.layer < $0.layer }) ?? true {
            configuration.databasePath = path.value
            return
        }
        guard let url else { return }
        guard url.value.hasPrefix("postgres://") || url.value.hasPrefix("postgresql://") else {
            throw .invalid("\(url.source) must be postgres://user:password@host:port/database, not '\(ConfigurationError.redacted(url.value))'")
        }
        configuration.databaseURL = url.value
    }

    /// Where `GET /metrics` is served instead of the API's port. The API's own port is refused
    /// (two listeners cannot share it).
    private static func metricsPort(_ sources: SettingSources, apiPort: Int) throws(ConfigurationError) -> Int? {
        guard let given = sources.lookup(.metricsPort) else { return nil }
        let port = try Self.port(given.value, source: given.source)
        if port != 0, port == apiPort {
            throw .invalid("\(given.source) \(port) is the API's port: give another one, or leave it out to serve /metrics with the API")
        }
        return port
    }

    /// A whole number for `setting` from the first layer that gives it, within `range`.
    static func number(_ sources: SettingSources, _ setting: ServerSetting, in range: ClosedRange<Int>) throws(ConfigurationError) -> Int? {
        guard let given = sources.lookup(setting) else { return nil }
        guard let value = Int(given.value), range.contains(value) else {
            throw .invalid("\(given.source) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(given.value.prefix(32))'")
        }
        return value
    }

    /// The master key from a file, else the key itself. Errors never echo the key.
    private static func masterKey(file: SettingValue?, text: SettingValue?) throws(ConfigurationError) -> MasterKey? {
        if let file {
            guard let contents = try? String(contentsOfFile: file.value, encoding: .utf8) else {
                throw .invalid("cannot read the master key file \(file.value) (\(file.source))")
            }
            guard let key = MasterKey(base64: contents) else {
                throw .invalid("the master key file \(file.value) (\(file.source)) must hold 32 bytes in base64 (make one with: tapline keys new-master-key)")
            }
            return key
        }
        guard let text else { return nil }
        guard let key = MasterKey(base64: text.value) else {
            throw .invalid("\(text.source) must be 32 bytes in base64 (make one with: tapline keys new-master-key)")
        }
        return key
    }

    /// The log format; anything but a known format is refused with where it came from.
    static func logFormat(_ given: SettingValue?) throws(ConfigurationError) -> LogFormat {
        guard let given else { return .text }
        guard let format = LogFormat(rawValue: given.value) else {
            throw .invalid("\(given.source) must be text or json, not '\(given.value.prefix(32))'")
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
