import ArgumentParser
import Foundation
import Gateway
import StorageSQLite

/// `tapline restore --from FILE`: puts a backup in place of the SQLite database, never under
/// a running gateway and never over a database without `--force` (``SQLiteRestore``).
struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Replace the SQLite database with a backup (stop tapline serve first).",
        discussion: """
            The backup is checked (it must open and migrate to this version's schema) before it replaces the database, \
            in one rename. A database whose gateway wrote a heartbeat in the last three heartbeat intervals is in use \
            and is left alone.
            """)

    @Option(help: "The backup file (from tapline backup).") var from: String
    @Flag(help: "Replace an existing database.") var force = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let configuration = try store.configuration()
        if configuration.databaseURL != nil {
            throw CommandFailure(description: "tapline restore restores SQLite databases; for PostgreSQL use pg_restore")
        }
        // Three beats missed, as the fleet itself counts an instance dead.
        let interval = configuration.heartbeatInterval.components
        let liveWithin = 3 * (Double(interval.seconds) + Double(interval.attoseconds) / 1e18)
        do {
            try await SQLiteRestore.restore(from: from, to: configuration.databasePath, force: force, liveWithin: liveWithin)
        } catch let error as SQLiteRestoreError {
            throw CommandFailure(description: error.description)
        } catch let error as SQLiteBackupError {
            throw CommandFailure(description: error.description)
        } catch {
            throw CommandFailure.database(error)
        }
        print("restored \(from) to \(configuration.databasePath)")
    }
}
