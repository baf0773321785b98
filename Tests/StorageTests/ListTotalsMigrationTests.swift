import Foundation
import PaymentCore
import PostgresNIO
import Storage
@testable import StoragePostgres
@testable import StorageSQLite
import Testing
import TestSupport

/// The list-totals migration (SQLite 34, PostgreSQL 28) on a database that already has
/// payments: it counts them into `transaction_counts` and `daily_volume`, its triggers run
/// from then on, and a row deleted in SQL is taken out of both.
@Suite("List totals: migration and deletes")
struct ListTotalsMigrationTests {
    typealias Row = StoreListTotalsContractTests

    static var rows: [Transaction] {
        var refunded = Row.row("s1", .sale, .refunded, amount: 1_000, approved: 1_000, day: 0)
        refunded.refundedAmount = 1_000
        return [
            refunded,
            Row.row("r1", .refund, .approved, amount: 1_000, day: 1, parent: "s1"),
            Row.row("s2", .sale, .declined, amount: 700, day: 0, second: 60),
            Row.row("a1", .authorization, .captured, amount: 2_000, approved: 2_000, day: 2),
            Row.row("c1", .capture, .approved, amount: 2_000, day: 2, second: 99, parent: "a1"),
            Row.row("s3", .sale, .pending, amount: 300, day: 3),
            Row.row("e1", .sale, .captured, amount: 800, approved: 800, day: 3, currency: .eur),
            Row.row("m2", .sale, .captured, amount: 400, approved: 400, day: 3, merchant: "m_2"),
        ]
    }

    /// What a database from before the migration looks like: no tables, no index, 34 (28)
    /// not applied.
    static let undo = ["DROP TABLE transaction_counts", "DROP TABLE daily_volume", "DROP INDEX transactions_follow_ups"]

    static func seed(_ store: any Store) async throws {
        try await store.seed(transactions: rows)
    }

    /// The kept answers equal the rows, then after an insert, then after `delete` removed
    /// `s1` and `c1` in SQL.
    static func expectKept(_ store: any Store, delete: ([String]) async throws -> Void) async throws {
        var written = Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0) })
        try await Row.expectKeptAnswers(store, rows: written, after: "migration")
        let volume = try await store.read { try await $0.dailyVolume(merchantId: "m_1", currency: "USD", from: Row.from, to: Row.to) }
        #expect(volume.map { "\($0.day - Row.firstDay) \($0.approvedAmount)/\($0.approvedCount) \($0.declinedAmount) \($0.refundedAmount)" }
            == ["0 1000/1 700 0", "1 0/0 0 1000", "2 2000/1 0 0"])
        let added = Row.row("s4", .sale, .captured, amount: 50, approved: 50, day: 3)
        try await store.write { try await $0.insert(added) }
        written[added.id] = added
        try await Row.expectKeptAnswers(store, rows: written, after: "insert")
        try await delete(["s1", "c1"])
        written["s1"] = nil
        written["c1"] = nil
        try await Row.expectKeptAnswers(store, rows: written, after: "delete")
        #expect(try await store.read { try await $0.transactions(TransactionQuery(merchantId: "m_1")) }.total == 6)
    }

    @Test func sqliteCountsExistingPayments() async throws {
        let file = TemporaryDatabasePath()
        defer { file.remove() }
        let store = try await SQLiteStore.open(path: file.path, logger: .quiet)
        try await Self.seed(store)
        let statements = ["transactions_list_totals_insert", "transactions_list_totals_delete", "transactions_counts_update",
                          "transactions_daily_volume_update"].map { "DROP TRIGGER \($0)" }
            + Self.undo + ["DELETE FROM schema_migrations WHERE version = 34"]
        for statement in statements { _ = try await store.writeConnection.query(statement) }
        try await store.close()

        let migrated = try await SQLiteStore.open(path: file.path, logger: .quiet)
        try await Self.expectKept(migrated) { ids in
            for id in ids { _ = try await migrated.writeConnection.query("DELETE FROM transactions WHERE id = '\(id)'") }
        }
        try await migrated.close()
    }

    @Test(.enabled(if: StoreFactories.postgresURL != nil, "TAPLINE_POSTGRES_URL is not set"))
    func postgresCountsExistingPayments() async throws {
        let schema = PostgresTestSchema(serverURL: StoreFactories.postgresURL ?? "")
        try await schema.create()
        defer { schema.drop() }
        let store = try await PostgresStore.open(url: schema.url, poolSize: 2, logger: .quiet, connectTimeout: PostgresTestSchema.connectTimeout)
        try await Self.seed(store)
        let statements = ["DROP TRIGGER transactions_counts_insert_delete ON transactions",
                          "DROP TRIGGER transactions_counts_update ON transactions",
                          "DROP TRIGGER transactions_daily_volume_insert_delete ON transactions",
                          "DROP TRIGGER transactions_daily_volume_update ON transactions",
                          "DROP FUNCTION transactions_counts()", "DROP FUNCTION transactions_daily_volume()",
                          "DROP FUNCTION daily_volume_sum"] + Self.undo + ["DELETE FROM schema_migrations WHERE version = 28"]
        try await Self.run(statements, on: store)
        try await store.close()

        let migrated = try await PostgresStore.open(url: schema.url, poolSize: 2, logger: .quiet, connectTimeout: PostgresTestSchema.connectTimeout)
        try await Self.expectKept(migrated) { ids in
            try await Self.run(ids.map { "DELETE FROM transactions WHERE id = '\($0)'" }, on: migrated)
        }
        try await migrated.close()
    }

    /// Two instances making, capturing, declining and refunding one merchant's payments at
    /// once: the kept lines they queue on lose no change.
    @Test(.enabled(if: StoreFactories.postgresURL != nil, "TAPLINE_POSTGRES_URL is not set"))
    func twoPostgresInstancesWritingOneMerchantKeepItsCountsExact() async throws {
        let schema = PostgresTestSchema(serverURL: StoreFactories.postgresURL ?? "")
        try await schema.create()
        defer { schema.drop() }
        let first = try await PostgresStore.open(url: schema.url, poolSize: 4, logger: .quiet, connectTimeout: PostgresTestSchema.connectTimeout)
        let second = try await PostgresStore.open(url: schema.url, poolSize: 4, logger: .quiet, connectTimeout: PostgresTestSchema.connectTimeout)
        try await first.seed()
        let stores: [any Store] = [first, second]
        let written = try await withThrowingTaskGroup(of: [Transaction].self) { group in
            for index in 0..<60 {
                group.addTask {
                    let store = stores[index % 2]
                    var sale = Row.row(String(format: "%08x", index), .sale, .pending, amount: Int64(100 + index), day: Int64(index % 3))
                    try await store.write { [sale] in try await $0.insert(sale) }
                    (sale.status, sale.authorizedAmount) = index % 5 == 0 ? (.declined, 0) : (.captured, sale.amount)
                    try await stores[(index + 1) % 2].write { [sale] in try await $0.update(sale) }
                    guard index % 4 == 1 else { return [sale] }
                    let refund = Row.row("r\(index)", .refund, .approved, amount: 10, day: 2, parent: sale.id)
                    try await store.write { try await $0.insert(refund) }
                    return [sale, refund]
                }
            }
            var rows: [String: Transaction] = [:]
            for try await made in group { for row in made { rows[row.id] = row } }
            return rows
        }
        #expect(written.count == 75)
        try await Row.expectKeptAnswers(second, rows: written, after: "two instances")
        let volume = try await first.read { try await $0.dailyVolume(merchantId: "m_1", currency: "USD", from: Row.from, to: Row.to) }
        #expect(volume.reduce(0) { $0 + $1.approvedCount + $1.declinedCount } == 60)
        #expect(volume.reduce(0) { $0 + $1.refundedAmount } == 150)
        try await first.close()
        try await second.close()
    }

    static func run(_ statements: [String], on store: PostgresStore) async throws {
        try await store.client.withConnection { connection in
            for statement in statements { _ = try await connection.query(PostgresQuery(unsafeSQL: statement), logger: .quiet) }
        }
    }
}
