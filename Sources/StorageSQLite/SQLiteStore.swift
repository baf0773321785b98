import Foundation
import Logging
import SQLiteNIO
import Storage
import StorageSQL

/// The embedded ``Store``: one SQLite file in WAL mode, `synchronous=FULL`.
///
/// Writes go through one write connection, one at a time (``AsyncLock``), each inside
/// `BEGIN IMMEDIATE … COMMIT`, rolled back when the body throws. Reads use a second
/// connection and, thanks to WAL, see the last committed data while a write is open;
/// reads take turns on that connection, each in its own read transaction so a page and its
/// total come from one snapshot. A write body must not call `write` again: the lock is not
/// reentrant. The schema is migrated when the store opens; a new file is created mode 0600.
///
/// Dates are kept to the millisecond.
public final class SQLiteStore: Store {
    let writeConnection: SQLiteConnection
    let readConnection: SQLiteConnection
    let writeLock = AsyncLock()
    // One read connection runs one read transaction at a time.
    let readLock = AsyncLock()
    private let openGate = SQLGate()
    private let logger: Logger

    /// How long a connection waits for a lock held by another process before giving up.
    static let busyTimeoutMilliseconds = 5_000

    private init(writeConnection: SQLiteConnection, readConnection: SQLiteConnection, logger: Logger) {
        self.writeConnection = writeConnection
        self.readConnection = readConnection
        self.logger = logger
    }

    /// Opens the database at `path` and applies missing migrations. With `createIfMissing`
    /// false a missing file is ``SQLiteOpenError/missingDatabase(path:)`` and nothing is
    /// created; a missing folder is ``SQLiteOpenError/missingFolder(folder:path:)`` either way.
    public static func open(
        path: String, createIfMissing: Bool = true, logger: Logger = Logger(label: "tapline.storage.sqlite")
    ) async throws -> SQLiteStore {
        try await open(path: path, createIfMissing: createIfMissing, migrations: SQLiteSchema.migrations, logger: logger)
    }

    /// Opens with a given migration list; tests use it to check upgrades.
    static func open(
        path: String, createIfMissing: Bool = true, migrations: [SQLiteMigration], logger: Logger
    ) async throws -> SQLiteStore {
        let writer = try await connect(path: path, create: createIfMissing, logger: logger)
        do {
            try await configureWriter(writer)
            try await SQLiteMigrator.migrate(writer, to: migrations, logger: logger)
            let reader = try await connect(path: path, create: false, logger: logger)
            do {
                try await execute("PRAGMA busy_timeout = \(busyTimeoutMilliseconds)", on: reader)
                // The read connection must never write, not even by mistake.
                try await execute("PRAGMA query_only = ON", on: reader)
            } catch {
                try? await reader.close()
                throw error
            }
            return SQLiteStore(writeConnection: writer, readConnection: reader, logger: logger)
        } catch {
            try? await writer.close()
            throw error
        }
    }

    public func write<T: Sendable>(_ body: @Sendable (any StoreWriter) async throws -> T) async throws -> T {
        let committed = AfterCommit()
        let result = try await writeLock.withLock {
            try await self.inTransaction(on: self.writeConnection, begin: "BEGIN IMMEDIATE") { session in
                try await body(session.writer(SQLiteSession.dialect, committed: committed))
            }
        }
        committed.run()
        return result
    }

    public func read<T: Sendable>(_ body: @Sendable (any StoreReader) async throws -> T) async throws -> T {
        try await readLock.withLock {
            try await self.inTransaction(on: self.readConnection, begin: "BEGIN") { session in
                try await body(session.reader())
            }
        }
    }

    public func close() async throws {
        // Waits for the write and read in progress; closing the last connection checkpoints the WAL.
        try await writeLock.withLock {
            try await self.readLock.withLock {
                guard self.openGate.close() else { return }
                try? await self.readConnection.close()
                try await self.writeConnection.close()
            }
        }
    }

    /// The schema versions applied to this database, oldest first.
    func appliedMigrations() async throws -> [(version: Int, appliedAt: Date)] {
        try await readLock.withLock {
            try await SQLiteMigrator.applied(on: self.readConnection)
        }
    }

    private func inTransaction<T: Sendable>(
        on connection: SQLiteConnection, begin: String, _ body: @Sendable (SQLiteSession) async throws -> T
    ) async throws -> T {
        guard openGate.isOpen else { throw StoreError.unavailable("the store is closed") }
        let session = SQLiteSession(connection: connection)
        try await session.run(begin)
        let result: T
        do {
            result = try await body(session)
        } catch {
            await rollback(session)
            throw error
        }
        do {
            try await session.end(with: "COMMIT")
        } catch {
            await rollback(session)
            throw error
        }
        return result
    }

    private func rollback(_ session: SQLiteSession) async {
        do {
            try await session.end(with: "ROLLBACK")
        } catch {
            // SQLite rolls back by itself after some errors; there is nothing left to undo then.
            logger.debug("rollback failed", metadata: ["error": "\(error)"])
        }
    }
}
