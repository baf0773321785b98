import ArgumentParser
import Foundation
import Gateway
import StorageSQLite

/// `tapline backup --to FILE`: a consistent copy of the SQLite database, safe while
/// `tapline serve` writes to it (``SQLiteBackup``). PostgreSQL has its own tool.
struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy the SQLite database to a new file, safely while tapline serve runs.",
        discussion: """
            Back up the key file (or keep the master key) too: the database alone cannot be read without its keys. \
            For PostgreSQL use pg_dump.
            """)

    @Option(help: "The new file to write; an existing file is never replaced.") var to: String
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let configuration = try store.configuration()
        if let url = configuration.databaseURL {
            throw CommandFailure(description: """
                tapline backup copies SQLite databases; for PostgreSQL run pg_dump --format=custom --file \(to) \
                '\(ConfigurationError.redacted(url))' (with the real password, or PGPASSWORD)
                """)
        }
        do {
            try await SQLiteBackup.copy(database: configuration.databasePath, to: to)
        } catch let error as SQLiteBackupError {
            throw CommandFailure(description: error.description)
        } catch {
            throw CommandFailure.database(error)
        }
        print("backup written to \(to)")
    }
}
