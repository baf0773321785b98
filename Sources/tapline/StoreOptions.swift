import ArgumentParser
import Foundation
import Gateway
import Logging

/// Where the gateway keeps its data. Flags win over the environment, the environment over defaults.
struct StoreOptions: ParsableArguments {
    @Option(name: .customLong("database"), help: "SQLite database file (env TAPLINE_DATABASE, default ./tapline.sqlite).")
    var databasePath: String?

    @Option(name: .customLong("keys"), help: "Key file, created with mode 0600 if missing (env TAPLINE_KEYS, default ./tapline-keys.json).")
    var keysPath: String?

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical (env TAPLINE_LOG_LEVEL, default info).")
    var logLevel: String?

    /// Applies these options over the environment over the defaults.
    func apply(to configuration: inout GatewayConfiguration, environment: [String: String]) throws {
        configuration.databasePath = databasePath ?? environment["TAPLINE_DATABASE"] ?? configuration.databasePath
        configuration.keysPath = keysPath ?? environment["TAPLINE_KEYS"] ?? configuration.keysPath
        if let level = logLevel ?? environment["TAPLINE_LOG_LEVEL"] {
            guard let parsed = Logger.Level(rawValue: level.lowercased()) else {
                throw ValidationError("unknown log level '\(level)'")
            }
            configuration.logLevel = parsed
        }
    }

    /// The gateway's services over the configured store, for admin commands.
    func services() async throws -> (GatewayServices, GatewayDependencies) {
        var configuration = GatewayConfiguration()
        try apply(to: &configuration, environment: ProcessInfo.processInfo.environment)
        var logger = Logger(label: "tapline")
        logger.logLevel = .warning
        let dependencies = try await productionDependencies(configuration, logger: logger)
        return (GatewayServices(configuration: configuration, dependencies: dependencies), dependencies)
    }
}
