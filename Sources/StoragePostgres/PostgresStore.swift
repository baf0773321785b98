import Foundation
import PaymentCore
import Logging
import PostgresNIO
import Storage
import StorageSQL

/// The shared ``Store``: PostgreSQL through a pool of connections, so several gateway
/// instances can use one database.
///
/// A `write` is one `BEGIN … COMMIT` on one pooled connection, rolled back when the body
/// throws, and run again (a few times) when the server gives up on it as a serialization
/// failure or a deadlock; `lockTransaction` is `SELECT … FOR UPDATE`. A `read` sees
/// committed data through one read-only snapshot, so a page and its total agree. The
/// schema is migrated when the store opens, under an advisory lock, so instances starting
/// together apply each migration once. Dates are kept to the millisecond.
public final class PostgresStore: Store {
    let client: PostgresClient
    /// Merchants and their webhook endpoints as this instance's writes last read them.
    let merchantCache = SQLMerchantCache()
    /// What this store's sessions send, while a test records it.
    let statementLog = PostgresStatementLog()
    private let running: Task<Void, Never>
    private let openGate = SQLGate()
    private let logger: Logger
    /// Statements run as named prepared statements (the URL's `prepared_statements`, on by default).
    private let preparesStatements: Bool

    /// How many times a write runs at most when the server keeps aborting it as a conflict.
    static let writeAttempts = 3

    private init(client: PostgresClient, running: Task<Void, Never>, logger: Logger, preparesStatements: Bool) {
        self.client = client
        self.running = running
        self.logger = logger
        self.preparesStatements = preparesStatements
    }

    /// Connects to the database at `url` (`postgres://user:pass@host:port/db`, with
    /// `?sslmode=require|verify-full` for TLS) with at most `poolSize` connections, and
    /// applies the missing `migrations`.
    /// A database that cannot be reached within `connectTimeout` stops the start with
    /// ``PostgresStoreError/unreachable(host:port:database:after:)`` instead of the pool's
    /// own retries (about a minute).
    public static func open(
        url: String, poolSize: Int = 8, logger: Logger, migrations: [PostgresMigration] = PostgresSchema.migrations,
        connectTimeout: Duration = .seconds(10)
    ) async throws -> PostgresStore {
        let parsed = try PostgresURL(url)
        let client = PostgresClient(configuration: try parsed.configuration(poolSize: poolSize), backgroundLogger: logger)
        let running = startRunning(client)
        let store = PostgresStore(client: client, running: running, logger: logger, preparesStatements: parsed.preparesStatements)
        do {
            // Only the first connection is bounded: migrating may wait its turn behind other
            // instances (the advisory lock), which is not a server being down.
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    try await store.withSession { session in try await session.run("SELECT 1") }
                }
                group.addTask {
                    try await Task.sleep(for: connectTimeout)
                    throw PostgresStoreError.unreachable(host: parsed.host, port: parsed.port, database: parsed.database, after: connectTimeout)
                }
                defer { group.cancelAll() }
                try await group.next()
            }
            try await store.withSession { session in
                try await PostgresMigrator.migrate(session, to: migrations, logger: logger)
            }
            return store
        } catch {
            try? await store.close()
            throw error
        }
    }

    public func write<T: Sendable>(_ body: @Sendable (any StoreWriter) async throws -> T) async throws -> T {
        var attempt = 1
        while true {
            // Each attempt queues its own after-commit work; a conflicted one's is dropped.
            let committed = AfterCommit()
            do {
                let result = try await withSession { session in
                    try await Self.inTransaction(session, begin: "BEGIN", logger: self.logger) {
                        try await body(session.writer(PostgresSession.dialect, committed: committed, cache: self.merchantCache))
                    }
                }
                committed.run()
                return result
            } catch let conflict as PostgresConflict where attempt < Self.writeAttempts {
                logger.debug("write conflicted, running it again", metadata: ["error": "\(conflict.error)"])
                attempt += 1
            } catch let conflict as PostgresConflict {
                throw conflict.error
            }
        }
    }

    public func read<T: Sendable>(_ body: @Sendable (any StoreReader) async throws -> T) async throws -> T {
        do {
            return try await withSession { session in
                try await Self.inTransaction(
                    session, begin: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: self.logger
                ) {
                    try await body(session.reader())
                }
            }
        } catch let conflict as PostgresConflict {
            throw conflict.error
        }
    }

    public func readOne<T: Sendable>(_ body: @Sendable (any StoreReader) async throws -> T) async throws -> T {
        try await withSession { session in
            var single = session
            single.statementsLeft = LockedBox(1)
            defer { single.gate.close() }
            return try await body(single.reader())
        }
    }

    public func merchantAsLastWritten(id: String) async throws -> Merchant? {
        if let merchant = merchantCache.lastWritten(id: id) { return merchant }
        return try await read { try await $0.merchant(id: id) }
    }

    public func close() async throws {
        guard openGate.close() else { return }
        running.cancel()
        await running.value
    }

    /// The schema versions applied to this database, oldest first.
    func appliedMigrations() async throws -> [Int] {
        try await withSession { try await PostgresMigrator.applied($0) }
    }

    /// Runs statements outside any store transaction (tests: schemas of their own).
    func execute(_ sql: String) async throws {
        try await withSession { try await $0.run(sql) }
    }

    /// The text in column `column` of each row `sql` returns, run outside any store
    /// transaction on a pooled connection (tests: what the server keeps for a connection).
    func texts(_ sql: String, column: String) async throws -> [String] {
        try await withSession { session in
            try await session.rows(sql, [], subject: "").compactMap { row in
                guard case .text(let text)? = try row.value(column) else { return nil }
                return text
            }
        }
    }

    private func withSession<T: Sendable>(_ body: (PostgresSession) async throws -> T) async throws -> T {
        guard openGate.isOpen else { throw StoreError.unavailable("the store is closed") }
        do {
            return try await client.withConnection { connection in
                do {
                    return try await body(PostgresSession(
                        connection: connection, logger: self.logger, log: self.statementLog,
                        prepared: self.preparesStatements ? PostgresPreparedStatements.shared : nil))
                } catch {
                    throw FromSession(error: error)
                }
            }
        } catch let inside as FromSession {
            // The body's own errors (the caller's, or a query's) keep their meaning.
            if let error = inside.error as? PSQLError { throw PostgresSession.storeError(error, subject: "").error }
            throw inside.error
        } catch let error as StoreError {
            throw error
        } catch let error as PSQLError {
            throw PostgresSession.storeError(error, subject: "").error
        } catch {
            // The pool could not give a connection (server down, circuit breaker open).
            throw StoreError.unavailable("PostgreSQL: no connection (\(error))")
        }
    }

    /// An error thrown inside a session, told apart from the pool's own failures.
    private struct FromSession: Error {
        let error: any Error
    }

    /// Runs `body` between `begin` and COMMIT, rolling back when it throws. A conflict seen on
    /// the way (serialization failure, deadlock) is reported as ``PostgresConflict``.
    private static func inTransaction<T: Sendable>(
        _ session: PostgresSession, begin: String, logger: Logger, _ body: () async throws -> T
    ) async throws -> T {
        // Sent, not awaited: the body's first answer checks it.
        try session.begin(begin)
        let result: T
        do {
            result = try await body()
            try await session.end(with: "COMMIT")
        } catch {
            if session.gate.isOpen {
                do {
                    try await session.end(with: "ROLLBACK")
                } catch {
                    logger.debug("rollback failed", metadata: ["error": "\(error)"])
                }
            }
            if session.conflict.isOpen, let storeError = error as? StoreError {
                throw PostgresConflict(error: storeError)
            } else if session.conflict.isOpen {
                throw PostgresConflict(error: .unavailable("\(error)"))
            }
            throw error
        }
        return result
    }
}

/// A write the server aborted as a serialization failure or a deadlock: safe to run again.
struct PostgresConflict: Error {
    let error: StoreError
}

extension PostgresStore {
    /// How many sessions of this store (same database and application name) wait for a lock
    /// right now (tests: proof that a writer is blocked, without sleeping).
    func sessionsWaitingForALock() async throws -> Int {
        try await withSession { session in
            let rows = try await session.rows(
                "SELECT COUNT(*) AS waiting FROM pg_stat_activity WHERE datname = current_database() AND application_name = current_setting('application_name') AND wait_event_type = 'Lock'")
            return try rows.first.map { try SQLRowReader($0, table: "pg_stat_activity").int("waiting") } ?? 0
        }
    }
}
