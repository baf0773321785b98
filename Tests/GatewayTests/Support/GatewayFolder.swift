import Foundation
@testable import Gateway
import Logging
import Storage
import StorageSQLite
import TestSupport

/// A gateway's folder, as an operator has one: its SQLite database and its key file. For
/// tests of what a start does with the keys it is given against the database it finds.
struct GatewayFolder: Sendable {
    let url: URL

    static func make() throws -> GatewayFolder {
        GatewayFolder(url: try TaplineRun.emptyFolder())
    }

    var databasePath: String { url.appendingPathComponent("tapline.sqlite").path }
    var keysPath: String { url.appendingPathComponent("tapline-keys.json").path }
    var keyFileExists: Bool { FileManager.default.fileExists(atPath: keysPath) }

    func remove() { try? FileManager.default.removeItem(at: url) }

    /// What `tapline serve --database … --keys …` resolves, with `master` as TAPLINE_MASTER_KEY.
    func configuration(master: MasterKey? = nil) -> GatewayConfiguration {
        var configuration = GatewayConfiguration()
        configuration.databasePath = databasePath
        configuration.keysPath = keysPath
        configuration.masterKey = master
        return configuration
    }

    /// Runs `body` on the folder's database (created when missing), closing it after.
    func withStore<T: Sendable>(_ body: (any Store) async throws -> T) async throws -> T {
        let store = try await SQLiteStore.open(path: databasePath, logger: Self.logger)
        do {
            let result = try await body(store)
            try await store.close()
            return result
        } catch {
            try? await store.close()
            throw error
        }
    }

    /// The keys a start of `tapline serve` takes on this folder (``gatewayKeys``).
    func startKeys(master: MasterKey? = nil) async throws -> GatewayKeys {
        try await withStore { try await gatewayKeys(configuration(master: master), store: $0, logger: Self.logger).keys }
    }

    /// A gateway that ran once: its keys, and a merchant made under them.
    @discardableResult
    func writeDatabase(master: MasterKey? = nil) async throws -> GatewayKeys {
        try await withStore { store in
            let keys = try await gatewayKeys(configuration(master: master), store: store, logger: Self.logger).keys
            _ = try await MerchantAdmin(store: store).createMerchant(name: "Corner Café")
            return keys
        }
    }

    /// The fingerprints the database recorded, if any.
    func recordedFingerprints() async throws -> KeyFingerprints? {
        try await withStore { store in try await store.read { try await $0.keyFingerprints(name: KeyFingerprints.gateway) } }
    }

    static var logger: Logger {
        var logger = Logger(label: "tapline-test")
        logger.logLevel = .critical
        return logger
    }
}
