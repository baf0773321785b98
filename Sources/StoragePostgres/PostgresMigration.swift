import Foundation
import Logging
import PostgresNIO
import Storage
import StorageSQL

/// One versioned schema change: statements run one by one inside the migrating transaction.
public struct PostgresMigration: Sendable {
    public let version: Int
    public let name: String
    public let statements: [String]

    public init(version: Int, name: String, statements: [String]) {
        self.version = version
        self.name = name
        self.statements = statements
    }

    /// Makes every TEXT column of a statement `COLLATE "C"` (see ``PostgresSchema``).
    static func bytewiseText(_ statement: String) -> String {
        statement.replacingOccurrences(
            of: #"\bTEXT\b"#, with: #"TEXT COLLATE "C""#, options: .regularExpression)
    }
}

/// Brings a database up to the newest migration, applying each missing one exactly once.
enum PostgresMigrator {
    /// Any fixed number, the same in every instance: the advisory lock that lets one instance
    /// migrate while the others wait (and then find nothing left to do).
    static let advisoryLockKey: Int64 = 0x7461_706C_696E_6501

    static func migrate(_ session: PostgresSession, to migrations: [PostgresMigration], logger: Logger) async throws {
        precondition(
            zip(migrations, migrations.dropFirst()).allSatisfy { $0.version < $1.version },
            "migrations must be in strictly increasing version order")
        // One transaction for all: PostgreSQL's DDL is transactional, and the lock is held
        // from before the first look at schema_migrations until the last migration commits.
        try await session.run("BEGIN")
        do {
            try await session.run("SELECT pg_advisory_xact_lock(?)", [.integer(advisoryLockKey)])
            try await session.run(
                "CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY, applied_at BIGINT NOT NULL)")
            let applied = Set(try await session.rows("SELECT version FROM schema_migrations").map {
                try SQLRowReader($0, table: "schema_migrations").int("version")
            })
            for migration in migrations where !applied.contains(migration.version) {
                for statement in migration.statements {
                    try await session.run(statement)
                }
                try await session.run(
                    "INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)",
                    [.integer(Int64(migration.version)), SQLValue.date(Date())])
                logger.info("applied schema migration", metadata: [
                    "version": "\(migration.version)", "name": "\(migration.name)",
                ])
            }
            try await session.run("COMMIT")
        } catch {
            try? await session.run("ROLLBACK")
            throw error
        }
    }

    /// The applied versions, oldest first.
    static func applied(_ session: PostgresSession) async throws -> [Int] {
        try await session.rows("SELECT version FROM schema_migrations ORDER BY version").map {
            try SQLRowReader($0, table: "schema_migrations").int("version")
        }
    }
}
