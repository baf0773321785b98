import Foundation
import Logging
import SQLiteNIO
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
enum SQLiteMigrator {
    static func migrate(_ connection: SQLiteConnection, to migrations: [SQLiteMigration], logger: Logger) async throws {
        precondition(
            zip(migrations, migrations.dropFirst()).allSatisfy { $0.version < $1.version },
            "migrations must be in strictly increasing version order")
        try await run(
            "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL) STRICT",
            on: connection)
        for migration in migrations {
            try await apply(migration, on: connection, logger: logger)
        }
    }

    /// The applied versions with the time each was applied, oldest first.
    static func applied(on connection: SQLiteConnection) async throws -> [(version: Int, appliedAt: Date)] {
        try await SQLiteSession.rows(
            "SELECT version, applied_at FROM schema_migrations ORDER BY version", [], on: connection, subject: ""
        ).map { row in
            let reader = SQLRowReader(row, table: "schema_migrations")
            return (try reader.int("version"), try reader.date("applied_at"))
        }
    }

    private static func apply(_ migration: SQLiteMigration, on connection: SQLiteConnection, logger: Logger) async throws {
        // BEGIN IMMEDIATE before looking, so two processes opening one file cannot both apply it.
        try await run("BEGIN IMMEDIATE", on: connection)
        do {
            let done = try await SQLiteSession.rows(
                "SELECT 1 AS done FROM schema_migrations WHERE version = ?", [SQLValue.integer(migration.version)],
                on: connection, subject: "")
            if done.isEmpty {
                for statement in migration.statements {
                    try await run(statement, on: connection)
                }
                _ = try await SQLiteSession.rows(
                    "INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)",
                    [SQLValue.integer(migration.version), SQLValue.date(Date())], on: connection, subject: "")
                logger.info("applied schema migration", metadata: [
                    "version": "\(migration.version)", "name": "\(migration.name)",
                ])
            }
            try await run("COMMIT", on: connection)
        } catch {
            try? await run("ROLLBACK", on: connection)
            throw error
        }
    }

    private static func run(_ sql: String, on connection: SQLiteConnection) async throws {
        _ = try await SQLiteSession.rows(sql, [], on: connection, subject: "")
    }
}
