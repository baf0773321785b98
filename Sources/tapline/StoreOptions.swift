import ArgumentParser
import Foundation
import Gateway
import Logging
import Storage

/// Where the gateway keeps its data and how much it logs. Flags win over the environment,
/// the environment over defaults (``ConfigurationOverrides``).
struct StoreOptions: ParsableArguments {
    @Option(name: .customLong("database"), help: "SQLite database file (env TAPLINE_DATABASE, default ./tapline.sqlite).")
    var databasePath: String?

    @Option(name: .customLong("database-url"), help: "PostgreSQL instead of SQLite: postgres://user:password@host:5432/tapline (env TAPLINE_DATABASE_URL).")
    var databaseURL: String?

    @Option(name: .customLong("database-pool-size"), help: "Connections to PostgreSQL per instance (env TAPLINE_DATABASE_POOL_SIZE, default 8).")
    var databasePoolSize: Int?

    @Option(name: .customLong("keys"), help: "Key file, created with mode 0600 for a database with no data yet (env TAPLINE_KEYS, default ./tapline-keys.json).")
    var keysPath: String?

    @Option(name: .customLong("master-key-file"), help: "Keep the keys in the database, sealed under the master key in this file (env TAPLINE_MASTER_KEY_FILE, or TAPLINE_MASTER_KEY with the key itself).")
    var masterKeyFile: String?

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical (env TAPLINE_LOG_LEVEL, default info).")
    var logLevel: String?

    /// The configuration from these options, the serve flags, the environment and the defaults.
    func configuration(
        host: String? = nil, port: Int? = nil, metricsPort: Int? = nil, logFormat: String? = nil, readerTokenLifetime: Int? = nil, pinMaxAttempts: Int? = nil, pinWindow: Int? = nil,
        acquirer: AcquirerOptions? = nil, readerTokens: ReaderTokenOptions? = nil, cardData: CardDataOptions? = nil
    ) throws -> GatewayConfiguration {
        var overrides = ConfigurationOverrides(
            host: host, port: port, databasePath: databasePath, keysPath: keysPath, logLevel: logLevel,
            readerTokenLifetime: readerTokenLifetime)
        overrides.logFormat = logFormat
        overrides.metricsPort = metricsPort
        overrides.databaseURL = databaseURL
        overrides.databasePoolSize = databasePoolSize
        overrides.masterKeyFile = masterKeyFile
        overrides.pinMaxAttempts = pinMaxAttempts
        overrides.pinWindow = pinWindow
        overrides.processor = acquirer?.processor
        overrides.acquirerConnections = acquirer?.acquirerConnections
        overrides.acquirerResponseTimeout = acquirer?.acquirerResponseTimeout
        overrides.acquirerEchoInterval = acquirer?.acquirerEchoInterval
        overrides.zonePINKeyFile = acquirer?.zonePINKeyFile
        overrides.acquirerTLSCA = acquirer?.acquirerTLSCA
        overrides.acquirerTLSCert = acquirer?.acquirerTLSCert
        overrides.acquirerTLSKey = acquirer?.acquirerTLSKey
        overrides.acquirerTLSPin = acquirer?.acquirerTLSPin
        overrides.acquirerMACKeyFile = acquirer?.acquirerMACKeyFile
        overrides.acquirerZoneMasterKeyFile = acquirer?.acquirerZoneMasterKeyFile
        overrides.acquirersFile = acquirer?.acquirers
        overrides.acquirerKeyExchangeInterval = acquirer?.acquirerKeyExchangeInterval
        overrides.readerTokens = readerTokens?.mode
        overrides.readerTokenKeyFile = readerTokens?.keyFile
        overrides.readerTokenKeyId = readerTokens?.keyId
        overrides.readerTokenIssuer = readerTokens?.issuer
        overrides.readerTokenClaimsFile = readerTokens?.claimsFile
        overrides.cardData = cardData?.mode
        overrides.cardDataService = cardData?.service
        overrides.cardDataServiceCert = cardData?.certificateFile
        overrides.cardDataServiceKey = cardData?.keyFile
        overrides.cardDataServiceCA = cardData?.caFile
        overrides.cardDataServiceTimeout = cardData?.timeout
        overrides.cardDataServicePINKey = cardData?.pinKeyFile
        overrides.readerTokenService = readerTokens?.service
        overrides.readerTokenServiceCert = readerTokens?.serviceCert
        overrides.readerTokenServiceKey = readerTokens?.serviceKey
        overrides.readerTokenServiceCA = readerTokens?.serviceCA
        overrides.readerTokenServiceTimeout = readerTokens?.serviceTimeout
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
