import Foundation
import PostgresNIO
import Storage
import StorageSQL
@testable import StoragePostgres
import Testing
import TestSupport

/// Which statements run as named prepared statements: the slots need no server.
@Suite("PostgreSQL prepared statements: slots")
struct PostgresPreparedSlotTests {
    @Test func aStatementKeepsItsSlotAndOtherTypesGetAnother() throws {
        let statements = PostgresPreparedStatements()
        let select = "SELECT id FROM transactions WHERE id = $1 AND merchant_id = $2"
        let first = try #require(statements.slot(sql: select, types: [.text, .text]))
        #expect(statements.slot(sql: select, types: [.text, .text]) == first)
        // A NULL is sent untyped; bound as text it is another statement on the server.
        let withNull = try #require(statements.slot(sql: select, types: [.text, .null]))
        #expect(withNull != first)
        #expect(statements.key(of: first) == .init(sql: select, types: [.text, .text]))
        #expect(statements.key(of: withNull) == .init(sql: select, types: [.text, .null]))
    }

    @Test(arguments: ["BEGIN", "COMMIT", "ROLLBACK", "BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY",
                      "CREATE TABLE t (id TEXT)", "SET search_path TO x", "select 1"])
    func transactionControlAndDDLStayUnnamed(sql: String) {
        #expect(PostgresPreparedStatements().slot(sql: sql, types: []) == nil)
    }

    /// A search's plan depends on its pattern: it runs unnamed, planned for that pattern.
    @Test func aSearchStaysUnnamed() {
        var query = TransactionQuery(merchantId: "m_1")
        query.search = "lovelace"
        let (condition, _) = SQLTransactionFilter.condition(of: query, search: .trigramLike)
        #expect(PostgresPreparedStatements().slot(sql: "SELECT id FROM transactions WHERE \(condition)", types: [.text, .text]) == nil)
        #expect(PostgresPreparedStatements().slot(sql: "SELECT id FROM transactions WHERE merchant_id = $1", types: [.text]) != nil)
    }

    @Test func onceEverySlotIsTakenNewStatementsRunUnnamed() {
        let statements = PostgresPreparedStatements()
        let slots = (0..<PostgresPreparedStatements.capacity).map { statements.slot(sql: "SELECT \($0)", types: []) }
        #expect(slots == (0..<PostgresPreparedStatements.capacity).map { $0 })
        #expect(statements.slot(sql: "SELECT 'one too many'", types: []) == nil)
        // The ones already given keep working.
        #expect(statements.slot(sql: "SELECT 7", types: []) == 7)
    }

    @Test func boundValuesGiveTheTypesPostgresNIOSends() {
        let values: [SQLValue] = [.null, .integer(1), .float(1.5), .text("a"), .bool(true), .bytes(Data([1]))]
        #expect(PostgresPreparedStatements.types(values) == [.null, .int8, .float8, .text, .bool, .bytea])
    }

    @Test(arguments: [("", true), ("?prepared_statements=on", true), ("?prepared_statements=off", false)])
    func theURLTurnsThemOff(query: String, prepares: Bool) throws {
        #expect(try PostgresURL("postgres://u:p@localhost/db\(query)").preparesStatements == prepares)
    }

    @Test func anotherValueIsRefused() {
        #expect(throws: StoreError.self) { try PostgresURL("postgres://u:p@localhost/db?prepared_statements=maybe") }
    }
}

/// What the server holds: a store's reads and writes leave named statements on their
/// connection, each prepared once; `prepared_statements=off` leaves none.
@Suite("PostgreSQL prepared statements: on a server", .enabled(if: StoreFactories.postgresURL != nil, "TAPLINE_POSTGRES_URL is not set"))
struct PostgresPreparedStatementsTests {
    let serverURL = StoreFactories.postgresURL ?? ""

    static let prepared = "SELECT name FROM pg_prepared_statements WHERE name LIKE 'tapline_%' ORDER BY name"
    static let preparedSQL = "SELECT statement FROM pg_prepared_statements"

    @Test func aStoresStatementsArePreparedOnItsConnection() async throws {
        let schema = PostgresTestSchema(serverURL: serverURL)
        try await schema.create()
        defer { schema.drop() }
        // One connection: every statement below runs on the connection the view describes.
        let store = try await PostgresStore.open(url: schema.url, poolSize: 1, logger: .quiet, connectTimeout: PostgresTestSchema.connectTimeout)
        try await store.seed()
        var sent: [String] = []
        for _ in 0..<3 {
            sent = try await store.statementLog.recording {
                let merchants = try await store.read { try await $0.merchants() }
                #expect(merchants.count == 2)
            }
        }
        let names = try await store.texts(Self.prepared, column: "name")
        #expect(Set(names).count == names.count)
        // The merchants' SELECT, run three times, is one named statement there.
        let select = Set(sent.filter { $0.hasPrefix("SELECT") }.map(PostgresSession.numbered))
        #expect(select.count == 1)
        // The slots are the process's: in a whole test run, other stores' statements may have
        // taken all 128 first, and then this one runs unnamed.
        let slots = PostgresPreparedStatements.shared.names { select.contains($0) }
        if PostgresPreparedStatements.shared.isFull && slots.isEmpty {
            #expect(try await store.texts(Self.preparedSQL, column: "statement").allSatisfy { !select.contains($0) })
        } else {
            #expect(slots.count == 1)
            #expect(slots.isSubset(of: Set(names)))
        }
        try await store.close()
    }

    @Test func offLeavesNoNamedStatement() async throws {
        let schema = PostgresTestSchema(serverURL: serverURL)
        try await schema.create()
        defer { schema.drop() }
        let store = try await PostgresStore.open(
            url: schema.url + "&prepared_statements=off", poolSize: 1, logger: .quiet, connectTimeout: PostgresTestSchema.connectTimeout)
        try await store.seed()
        #expect(try await store.read { try await $0.merchants() }.count == 2)
        #expect(try await store.texts(Self.prepared, column: "name") == [])
        try await store.close()
    }
}
