import ArgumentParser
import Foundation
import Gateway
import Logging
import Storage

/// Where the gateway keeps its data, how much it logs, and the configuration file. Flags win
/// over the environment, the environment over the file, the file over defaults
/// (``ConfigurationOverrides``); every admin command reads the same places as `serve`.
struct StoreOptions: ParsableArguments {
    @Option(name: .customLong(ServerSetting.config.key), help: ArgumentHelp(ServerSetting.config.help))
    var config: String?

    @Option(name: .customLong(ServerSetting.database.key), help: ArgumentHelp(ServerSetting.database.help))
    var databasePath: String?

    @Option(name: .customLong(ServerSetting.databaseURL.key), help: ArgumentHelp(ServerSetting.databaseURL.help))
    var databaseURL: String?

    @Option(name: .customLong(ServerSetting.databasePoolSize.key), help: ArgumentHelp(ServerSetting.databasePoolSize.help))
    var databasePoolSize: Int?

    @Option(name: .customLong(ServerSetting.keys.key), help: ArgumentHelp(ServerSetting.keys.help))
    var keysPath: String?

    @Option(name: .customLong(ServerSetting.masterKeyFile.key), help: ArgumentHelp(ServerSetting.masterKeyFile.help))
    var masterKeyFile: String?

    @Option(name: .customLong(ServerSetting.logLevel.key), help: ArgumentHelp(ServerSetting.logLevel.help))
    var logLevel: String?

    /// These flags as overrides.
    var overrides: ConfigurationOverrides {
        var overrides = ConfigurationOverrides(databasePath: databasePath, keysPath: keysPath, logLevel: logLevel)
        overrides.configFile = config
        overrides.databaseURL = databaseURL
        overrides.databasePoolSize = databasePoolSize
        overrides.masterKeyFile = masterKeyFile
        return overrides
    }

    /// The configuration from these flags, the environment, the configuration file and the defaults.
    func configuration() throws -> GatewayConfiguration {
        try Self.resolve(overrides)
    }

    /// `overrides` resolved against the process's environment; a refusal is one line naming the setting.
    static func resolve(_ overrides: ConfigurationOverrides) throws -> GatewayConfiguration {
        do {
            return try overrides.resolve(environment: ProcessInfo.processInfo.environment)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// Runs an admin command's `body` with merchant and client administration over the
    /// configured store, and closes the store after, also when `body` throws. No keys are
    /// read or made: administration needs none.
    func withAdmin<T>(_ body: (MerchantAdmin) async throws -> T) async throws -> T {
        // The processor as `serve` would pick it from the same flags and environment.
        let processor = try configuration().processor.identity
        return try await withStore { store in try await body(MerchantAdmin(store: store, processor: processor)) }
    }

    /// Runs `body` on the configured store alone (no keys made or read), closing it after.
    /// The store must exist: an admin command works on a gateway's database and never starts
    /// a new one (a mistyped --database used to leave an empty gateway behind).
    func withStore<T>(_ body: (any Store) async throws -> T) async throws -> T {
        let configuration = try configuration()
        let store: any Store
        do {
            store = try await openStore(configuration, createIfMissing: false, logger: Self.logger)
        } catch {
            throw CommandFailure.database(error)
        }
        return try await closing(store) { try await body(store) }
    }

    /// Admin commands print their own results; the store only says what went wrong.
    private static var logger: Logger {
        var logger = Logger(label: "tapline")
        logger.logLevel = .warning
        return logger
    }

    /// SQLite's connections must be closed before they go away, also when `body` throws.
    private func closing<T>(_ store: any Store, _ body: () async throws -> T) async throws -> T {
        do {
            let result = try await body()
            try await store.close()
            return result
        } catch {
            try? await store.close()
            throw error
        }
    }
}
