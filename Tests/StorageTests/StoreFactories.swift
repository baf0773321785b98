import Foundation
import Logging
import StorageSQLite
import TestSupport

/// Every store the contract suite holds to the same behaviour.
enum StoreFactories {
    // A PostgreSQL store joins here, when TAPLINE_POSTGRES_URL is set:
    // `+ (ProcessInfo.processInfo.environment["TAPLINE_POSTGRES_URL"].map { [.postgres(url: $0)] } ?? [])`
    static let all: [StoreFactory] = [.memory, .sqlite]
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

extension Logger {
    /// Warnings and worse only, so test output is not drowned in migration notices.
    static var quiet: Logger {
        var logger = Logger(label: "tapline.storage.tests")
        logger.logLevel = .warning
        return logger
    }
}
