import Foundation
import Logging
@testable import StoragePostgres
import StorageSQLite
import TestSupport

/// Every store the contract suite holds to the same behaviour.
enum StoreFactories {
    /// PostgreSQL joins when `TAPLINE_POSTGRES_URL` names a server (superuser or a user who
    /// may create schemas); without it `PostgresStoreTests` reports its tests as skipped.
    static let all: [StoreFactory] = [.memory, .sqlite] + (postgresURL.map { [.postgres(url: $0)] } ?? [])

    static let postgresURL = PostgresTestSchema.serverURLFromEnvironment
}

extension StoreFactory {
    /// ``SQLiteStore`` on a fresh file under the temporary directory, deleted after.
    static let sqlite = StoreFactory(name: "sqlite") {
        let file = TemporaryDatabasePath()
        do {
            return Made(store: try await SQLiteStore.open(path: file.path, logger: .quiet)) { file.remove() }
        } catch {
            file.remove()
            throw error
        }
    }
}

extension StoreFactory {
    /// ``PostgresStore`` in a schema of its own, new and empty, dropped after.
    static func postgres(url: String) -> StoreFactory {
        StoreFactory(name: "postgres") {
            let schema = PostgresTestSchema(serverURL: url)
            try await schema.create()
            do {
                return Made(store: try await PostgresStore.open(url: schema.url, poolSize: 4, logger: .quiet, connectTimeout: PostgresTestSchema.connectTimeout)) {
                    schema.drop()
                }
            } catch {
                schema.drop()
                throw error
            }
        }
    }
}

extension Logger {
    /// Warnings and worse only, so test output is not drowned in migration notices.
    static var quiet: Logger {
        var logger = Logger(label: "tapline.storage.tests")
        logger.logLevel = .warning
        return logger
    }
}
