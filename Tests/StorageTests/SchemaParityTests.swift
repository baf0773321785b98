import Foundation
import Logging
import PostgresNIO
import SQLiteNIO
import Storage
@testable import StoragePostgres
@testable import StorageSQLite
import Testing
import TestSupport

/// The two SQL schemas, fully migrated, have the same tables, columns and nullability, the
/// same indexes (name, table, columns in order, uniqueness), and each SQLite type in its
/// PostgreSQL counterpart: the shared mapping (`SQLTables`) can only work if they agree, and
/// a migration added to one schema alone, or an index on other columns, fails here.
extension PostgresStoreTests {
    /// One column as both databases describe it: `table.column`, its type, whether NULL is allowed.
    struct Column: Hashable, CustomStringConvertible {
        let table: String, name: String, type: String, nullable: Bool
        var description: String { "\(table).\(name) \(type)\(nullable ? "" : " NOT NULL")" }
    }

    /// One index as both databases describe it: its table, its columns in order, and whether
    /// it is unique (a partial index's condition is not compared).
    struct Index: Hashable, CustomStringConvertible {
        let name: String, table: String
        var columns: [String]
        let unique: Bool
        var description: String { "\(unique ? "unique " : "")\(name) on \(table) (\(columns.joined(separator: ", ")))" }
    }

    /// The column list of `CREATE [UNIQUE] INDEX name ON schema.table USING btree (a, b) [WHERE …]`.
    static func indexColumns(_ definition: String) -> [String] {
        guard let open = definition.firstIndex(of: "("), let close = definition[open...].firstIndex(of: ")") else { return [] }
        return definition[definition.index(after: open)..<close].split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
    }

    /// SQLite's storage classes in PostgreSQL: money, counts, dates and flags are INTEGER in
    /// SQLite, BIGINT (flags BOOLEAN) in PostgreSQL.
    static let counterparts: [String: Set<String>] = [
        "INTEGER": ["bigint", "boolean"], "TEXT": ["text"], "REAL": ["double precision"], "BLOB": ["bytea"],
    ]

    @Test func bothSchemasHaveTheSameTablesColumnsAndIndexes() async throws {
        var sqlite = try await Self.sqliteSchema()
        var postgres = try await Self.postgresSchema(serverURL: serverURL)
        // The one difference on purpose: the search's trigram index, an FTS5 table and its
        // keys in SQLite (36), a generated column under a GIN index in PostgreSQL (31).
        #expect(sqlite.columns.contains { $0.table == "transaction_search_keys" && $0.name == "id" })
        #expect(postgres.columns.contains { $0.table == "transactions" && $0.name == "search_words" })
        #expect(postgres.indexes.contains { $0.name == "transactions_search" })
        sqlite.columns.removeAll { $0.table.hasPrefix("transaction_search") }
        postgres.columns.removeAll { $0.table == "transactions" && $0.name == "search_words" }
        postgres.indexes = postgres.indexes.filter { $0.name != "transactions_search" }
        let sqliteColumns = Set(sqlite.columns.map { Column(table: $0.table, name: $0.name, type: "", nullable: $0.nullable) })
        let postgresColumns = Set(postgres.columns.map { Column(table: $0.table, name: $0.name, type: "", nullable: $0.nullable) })
        #expect(sqliteColumns.subtracting(postgresColumns).sorted { $0.description < $1.description } == [], "only in SQLite")
        #expect(postgresColumns.subtracting(sqliteColumns).sorted { $0.description < $1.description } == [], "only in PostgreSQL")
        let postgresTypes = Dictionary(postgres.columns.map { ("\($0.table).\($0.name)", $0.type) }) { first, _ in first }
        for column in sqlite.columns {
            guard let type = postgresTypes["\(column.table).\(column.name)"] else { continue }
            #expect(Self.counterparts[column.type]?.contains(type) == true, "\(column) is \(type) in PostgreSQL")
        }
        #expect(sqlite.indexes.subtracting(postgres.indexes).sorted { $0.name < $1.name } == [], "only in SQLite, or different")
        #expect(postgres.indexes.subtracting(sqlite.indexes).sorted { $0.name < $1.name } == [], "only in PostgreSQL, or different")
        #expect(sqlite.indexes.contains { $0.name == "batches_awaiting_reconciliation" && $0.columns.count == 3 })
        #expect(sqlite.columns.contains { $0.table == "pending_reversals" }, "the newest tables are compared too")
        #expect(sqlite.columns.contains { $0.table == "key_fingerprints" && $0.name == "pan_hash_key" && !$0.nullable })
    }

    /// Every column and index of a freshly migrated SQLite file.
    static func sqliteSchema() async throws -> (columns: [Column], indexes: Set<Index>) {
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
            let rows = try await store.readConnection.query("""
                SELECT m.tbl_name AS table_name, l.name AS index_name, l."unique" AS is_unique, i.name AS column_name
                FROM sqlite_master m JOIN pragma_index_list(m.tbl_name) l JOIN pragma_index_info(l.name) i
                WHERE m.type = 'table' AND l.origin = 'c' ORDER BY l.name, i.seqno
                """)
            var indexes: [String: Index] = [:]
            for row in rows {
                let name = row.column("index_name")?.string ?? ""
                var index = indexes[name] ?? Index(
                    name: name, table: row.column("table_name")?.string ?? "", columns: [], unique: row.column("is_unique")?.integer == 1)
                index.columns.append(row.column("column_name")?.string ?? "")
                indexes[name] = index
            }
            try await store.close()
            return (columns, Set(indexes.values))
        } catch {
            try? await store.close()
            throw error
        }
    }

    /// Every column and index (primary keys' own aside) of a freshly migrated PostgreSQL schema.
    static func postgresSchema(serverURL: String) async throws -> (columns: [Column], indexes: Set<Index>) {
        let schema = PostgresTestSchema(serverURL: serverURL)
        try await schema.create()
        do {
            try await PostgresStore.open(url: schema.url, poolSize: 1, logger: .quiet, connectTimeout: PostgresTestSchema.connectTimeout).close()
            let described = try await describe(schema.name, serverURL: serverURL)
            try await schema.remove()
            return described
        } catch {
            try? await schema.remove()
            throw error
        }
    }

    private static func describe(_ schema: String, serverURL: String) async throws -> (columns: [Column], indexes: Set<Index>) {
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
            var indexes: Set<Index> = []
            let indexRows = try await connection.query(
                "SELECT indexname, tablename, indexdef FROM pg_indexes WHERE schemaname = \(schema) AND indexname NOT LIKE '%_pkey'",
                logger: .quiet)
            for try await (name, table, definition) in indexRows.decode((String, String, String).self) {
                indexes.insert(Index(name: name, table: table, columns: Self.indexColumns(definition),
                                     unique: definition.hasPrefix("CREATE UNIQUE INDEX")))
            }
            return (columns, indexes)
        }
    }
}
