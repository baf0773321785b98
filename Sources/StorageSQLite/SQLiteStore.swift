import Foundation
import Logging
import Storage
import StorageSQL

/// The embedded ``Store``: one SQLite file in WAL mode, `synchronous=FULL`.
///
/// Writes go through one write connection with group commit (``SQLiteWriter``): concurrent
/// writes run one after the other, each in a `SAVEPOINT` of one shared
/// `BEGIN IMMEDIATE … COMMIT`, so one fsync makes a whole group durable; a write that throws is
/// rolled back alone, and no caller is answered before the COMMIT holding its write succeeded.
/// Reads use a few read connections (``SQLiteReaders``) and, thanks to WAL, see the last
/// committed data while a write is open, each in its own read transaction so a page and its
/// total come from one snapshot. Statements run through cached prepared statements; only the
/// COMMIT (its fsync), the WAL checkpoints (``SQLiteCheckpointer``, on a connection of their
/// own) and opening and closing go to NIO's thread pool. A write body must not call `write`
/// again: it would wait for itself. The schema is migrated when the store opens; a new file is
/// created mode 0600.
///
/// Dates are kept to the millisecond.
public final class SQLiteStore: Store {
    let writer: SQLiteWriter
    let readers: SQLiteReaders
    let checkpointer: SQLiteCheckpointer
    /// Merchants and their webhook endpoints as writes last read them.
    let merchantCache = SQLMerchantCache()
    private let openGate = SQLGate()

    /// How long a connection waits for a lock held by another process before giving up.
    static let busyTimeoutMilliseconds = 5_000
    /// Read connections: reads beyond these wait for one.
    static let readConnectionCount = 3

    private init(writer: SQLiteWriter, readers: SQLiteReaders, checkpointer: SQLiteCheckpointer) {
        self.writer = writer
        self.readers = readers
        self.checkpointer = checkpointer
    }

    /// Opens the database at `path` and applies missing migrations. With `createIfMissing`
    /// false a missing file is ``SQLiteOpenError/missingDatabase(path:)`` and nothing is
    /// created; a missing folder is ``SQLiteOpenError/missingFolder(folder:path:)`` either way.
    public static func open(
        path: String, createIfMissing: Bool = true, logger: Logger = Logger(label: "tapline.storage.sqlite")
    ) async throws -> SQLiteStore {
        try await open(path: path, createIfMissing: createIfMissing, migrations: SQLiteSchema.migrations, logger: logger)
    }

    /// Opens with at most `groupCommitLimit` writes per COMMIT (1: each write commits alone),
    /// for benchmarks comparing the two.
    package static func open(path: String, groupCommitLimit: Int, logger: Logger) async throws -> SQLiteStore {
        try await open(path: path, migrations: SQLiteSchema.migrations, groupCommitLimit: groupCommitLimit, logger: logger)
    }

    /// Opens with a given migration list; tests use it to check upgrades.
    static func open(
        path: String, createIfMissing: Bool = true, migrations: [SQLiteMigration], groupCommitLimit: Int = SQLiteWriter.defaultGroupLimit,
        logger: Logger
    ) async throws -> SQLiteStore {
        let location = try databaseLocation(path: path, create: createIfMissing)
        // Opening, configuring and migrating block on the file: off the cooperative threads.
        return try await SQLiteBlocking.run {
            let busyTimeout = SQLiteStore.busyTimeoutMilliseconds
            let writeHandle = try SQLiteHandle.open(location: location.writer, path: location.path, busyTimeoutMilliseconds: busyTimeout)
            // Every connection opened after the writer: closed again if opening fails.
            var others: [SQLiteHandle] = []
            do {
                try SQLiteStore.configureWriter(writeHandle)
                try SQLiteMigrator.migrate(writeHandle, to: migrations, logger: logger)
                try SQLiteSearchIndex.catchUpAtOpen(writeHandle, migrations: migrations)
                for _ in 0..<SQLiteStore.readConnectionCount {
                    let reader = try SQLiteHandle.open(location: location.reader, path: location.path, busyTimeoutMilliseconds: busyTimeout)
                    others.append(reader)
                    // A read connection must never write, not even by mistake.
                    try reader.run("PRAGMA query_only = ON")
                }
                let checkpoints = try SQLiteHandle.open(location: location.writer, path: location.path, busyTimeoutMilliseconds: busyTimeout)
                others.append(checkpoints)
                // A checkpoint fsyncs the WAL before copying it and the database file after.
                try checkpoints.run("PRAGMA synchronous = FULL")
            } catch {
                for handle in others { handle.close() }
                writeHandle.close()
                throw error
            }
            let checkpointer = SQLiteCheckpointer(handle: others.removeLast())
            writeHandle.handWALCheckpoints(to: checkpointer)
            let writer = SQLiteWriter(handle: writeHandle, groupLimit: groupCommitLimit, beforeCommit: SQLiteSearchIndex.beforeCommit(migrations, logger: logger))
            checkpointer.finishInWriter { done in writer.checkpointBetweenGroups(then: done) }
            return SQLiteStore(writer: writer, readers: SQLiteReaders(others), checkpointer: checkpointer)
        }
    }

    public func write<T: Sendable>(_ body: @Sendable (any StoreWriter) async throws -> T) async throws -> T {
        guard openGate.isOpen else { throw StoreError.unavailable("the store is closed") }
        let committed = AfterCommit()
        let result = try await writer.write { session in
            try await body(session.writer(SQLiteSession.dialect, committed: committed, cache: merchantCache))
        }
        committed.run()
        return result
    }

    public func read<T: Sendable>(_ body: @Sendable (any StoreReader) async throws -> T) async throws -> T {
        guard openGate.isOpen else { throw StoreError.unavailable("the store is closed") }
        return try await readers.read { session in try await body(session.reader()) }
    }

    public func merchantAsLastWritten(id: String) async throws -> Merchant? {
        if let merchant = merchantCache.lastWritten(id: id) { return merchant }
        return try await read { try await $0.merchant(id: id) }
    }

    public func close() async throws {
        // Refuses new work, then waits for the writes (their group commits), the reads and the
        // checkpoint in progress; closing the last connection checkpoints the WAL.
        guard openGate.close() else { return }
        await writer.close()
        await readers.close()
        await checkpointer.close()
    }

    /// Called after each group commit with how many writes it made durable (one fsync for
    /// all of them): the gateway's `tapline_database_group_commit_size`.
    public func observeGroupCommits(_ observer: @escaping @Sendable (Int) -> Void) {
        writer.observeGroupCommits(observer)
    }

    /// The schema versions applied to this database, oldest first.
    func appliedMigrations() async throws -> [(version: Int, appliedAt: Date)] {
        try await readers.withConnection { try SQLiteMigrator.applied(on: $0) }
    }

    /// A read connection, for tests' raw SQL.
    var readConnection: SQLiteHandle { readers.first }
    /// The write connection, for tests' raw SQL while no write runs.
    var writeConnection: SQLiteHandle { writer.handle }
}
