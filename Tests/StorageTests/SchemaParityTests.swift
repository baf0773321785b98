import Foundation
import Logging
import PostgresNIO
import SQLiteNIO
import Storage
@testable import StoragePostgres
@testable import StorageSQLite
import Testing
import TestSupport

/// The two SQL schemas, fully migrated, have the same tables, columns, nullability and index
/// names, with each SQLite type in its PostgreSQL counterpart: the shared mapping
/// (`SQLTables`) can only work if they agree, and a migration added to one schema alone fails here.
extension PostgresStoreTests {
    /// One column as both databases describe it: `table.column`, its type, whether NULL is allowed.
    struct Column: Hashable, CustomStringConvertible {
        let table: String, name: String, type: String, nullable: Bool
        var description: String { "\(table).\(name) \(type)\(nullable ? "" : " NOT NULL")" }
    }

    /// SQLite's storage classes in PostgreSQL: money, counts, dates and flags are INTEGER in
    /// SQLite, BIGINT (flags BOOLEAN) in PostgreSQL.
    static let counterparts: [String: Set<String>] = [
        "INTEGER": ["bigint", "boolean"], "TEXT": ["text"], "REAL": ["double precision"], "BLOB": ["bytea"],
    ]

    @Test func bothSchemasHaveTheSameTablesColumnsAndIndexes() async throws {
        let sqlite = try await Self.sqliteSchema()
        let postgres = try await Self.postgresSchema(serverURL: serverURL)
        let sqliteColumns = Set(sqlite.columns.map { Column(table: $0.table, name: $0.name, type: "", nullable: $0.nullable) })
        let postgresColumns = Set(postgres.columns.map { Column(table: $0.table, name: $0.name, type: "", nullable: $0.nullable) })
        #expect(sqliteColumns.subtracting(postgresColumns).sorted { $0.description < $1.description } == [], "only in SQLite")
        #expect(postgresColumns.subtracting(sqliteColumns).sorted { $0.description < $1.description } == [], "only in PostgreSQL")
        let postgresTypes = Dictionary(postgres.columns.map { ("\($0.table).\($0.name)", $0.type) }) { first, _ in first }
        for column in sqlite.columns {
            guard let type = postgresTypes["\(column.table).\(column.name)"] else { continue }
            #expect(Self.counterparts[column.type]?.contains(type) == true, "\(column) is \(type) in PostgreSQL")
        }
        #expect(sqlite.indexes == postgres.indexes)
        #expect(sqlite.columns.contains { $0.table == "pending_reversals" }, "the newest tables are compared too")
    }

    /// Every column and index of a freshly migrated SQLite file.
    static func sqliteSchema() async throws -> (columns: [Column], indexes: Set<String>) {
        let file = TemporaryDatabasePath()
        defer { file.remove() }
        let store = try await SQLiteStore.open(path: file.path, logger: .quiet)
        do {
            let columns = try await store.readConnection.query("""
                SELECT m.name AS table_name, p.name AS column_name, p.type AS type, p."notnull" AS required, p.pk AS pk
                FROM sqlite_master m JOIN pragma_table_info(m.name) p WHERE m.type = 'table'
                """).map { row in
                Column(
                    table: row.column("table_name")?.string ?? "", name: row.column("column_name")?.string ?? "",
                    type: row.column("type")?.string ?? "",
                    nullable: row.column("required")?.integer == 0 && row.column("pk")?.integer == 0)
            }
            let indexes = try await store.readConnection.query(
                "SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_autoindex_%'"
            ).compactMap { $0.column("name")?.string }
            try await store.close()
            return (columns, Set(indexes))
        } catch {
            try? await store.close()
            throw error
        }
    }

    /// Every column and index (primary keys' own aside) of a freshly migrated PostgreSQL schema.
    static func postgresSchema(serverURL: String) async throws -> (columns: [Column], indexes: Set<String>) {
        let schema = PostgresTestSchema(serverURL: serverURL)
        try await schema.create()
        do {
            try await PostgresStore.open(url: schema.url, poolSize: 1, logger: .quiet).close()
            let described = try await describe(schema.name, serverURL: serverURL)
            try await schema.remove()
            return described
        } catch {
            try? await schema.remove()
            throw error
        }
    }

    private static func describe(_ schema: String, serverURL: String) async throws -> (columns: [Column], indexes: Set<String>) {
        let client = PostgresClient(configuration: try PostgresURL(serverURL).configuration(poolSize: 1), backgroundLogger: .quiet)
        let running = startRunning(client)
        defer { running.cancel() }
        return try await client.withConnection { connection in
            var columns: [Column] = []
            let rows = try await connection.query(
                "SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns WHERE table_schema = \(schema)",
                logger: .quiet)
            for try await (table, name, type, nullable) in rows.decode((String, String, String, String).self) {
                columns.append(Column(table: table, name: name, type: type, nullable: nullable == "YES"))
            }
            var indexes: Set<String> = []
            let indexRows = try await connection.query(
                "SELECT indexname FROM pg_indexes WHERE schemaname = \(schema) AND indexname NOT LIKE '%_pkey'", logger: .quiet)
            for try await name in indexRows.decode(String.self) { indexes.insert(name) }
            return (columns, indexes)
        }
    }
}
