import Foundation
import Logging
import Storage
import StorageSQL

/// One versioned schema change. Its statements run one by one (SQLite prepares a single
/// statement at a time) inside one transaction with the bookkeeping row.
struct SQLiteMigration: Sendable {
    let version: Int
    let name: String
    let statements: [String]
}

/// Brings a database up to the newest migration, applying each missing one exactly once.
/// Runs on the write connection while the store opens (on NIO's thread pool: it blocks).
enum SQLiteMigrator {
    static func migrate(_ handle: SQLiteHandle, to migrations: [SQLiteMigration], logger: Logger) throws {
        precondition(
            zip(migrations, migrations.dropFirst()).allSatisfy { $0.version < $1.version },
            "migrations must be in strictly increasing version order")
        try handle.run(
            "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL) STRICT")
        for migration in migrations {
            try apply(migration, on: handle, logger: logger)
        }
    }

    /// The applied versions with the time each was applied, oldest first.
    static func applied(on handle: SQLiteHandle) throws -> [(version: Int, appliedAt: Date)] {
        try handle.rows("SELECT version, applied_at FROM schema_migrations ORDER BY version", [], subject: "").map { row in
            let reader = SQLRowReader(row, table: "schema_migrations")
            return (try reader.int("version"), try reader.date("applied_at"))
        }
    }

    private static func apply(_ migration: SQLiteMigration, on handle: SQLiteHandle, logger: Logger) throws {
        // BEGIN IMMEDIATE before looking, so two processes opening one file cannot both apply it.
        try handle.run("BEGIN IMMEDIATE")
        do {
            let done = try handle.rows(
                "SELECT 1 AS done FROM schema_migrations WHERE version = ?", [SQLValue.integer(migration.version)], subject: "")
            if done.isEmpty {
                for statement in migration.statements {
                    try handle.run(statement)
                }
                _ = try handle.rows(
                    "INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)",
                    [SQLValue.integer(migration.version), SQLValue.date(Date())], subject: "")
                logger.info("applied schema migration", metadata: [
                    "version": "\(migration.version)", "name": "\(migration.name)",
                ])
            }
            try handle.run("COMMIT")
        } catch {
            if handle.inTransaction { try? handle.run("ROLLBACK") }
            throw error
        }
    }
}
