import Foundation
import PaymentCore
import PostgresNIO
import Storage
import StorageSQL
@testable import StoragePostgres
@testable import StorageSQLite
import Testing
import TestSupport

/// The batch-totals migration (SQLite 32, PostgreSQL 26) on a database that already has
/// batches: it fills each row's movement and each batch's lines from the members, and
/// instances writing one batch at once keep them exact.
@Suite("Batch totals: migration and concurrent instances")
struct BatchTotalsMigrationTests {
    /// Members in every state that counts or stops counting, across two batches and currencies.
    static var members: [Transaction] {
        typealias Member = StoreBatchTotalsContractTests
        var refundedSale = Member.member("t_sale", .sale, .refunded, amount: 2_500, brand: "visa")
        refundedSale.capturedAmount = 2_500
        var debit = Member.member("t_ach", .achDebit, .scheduled, amount: 9_000, brand: nil)
        debit.bankAccount = Fixtures.bankAccount()
        var cancelling = Member.member("t_ach_cancel", .achDebit, .scheduled, amount: 400, brand: nil)
        cancelling.bankAccount = Fixtures.bankAccount()
        cancelling.pendingOperationId = "op_1"
        var achRefund = Member.member("t_ach_refund", .refund, .approved, amount: 100, brand: nil, parent: "t_ach")
        achRefund.bankAccount = Fixtures.bankAccount()
        return [
            refundedSale, debit, cancelling, achRefund,
            Member.member("t_auth", .authorization, .captured, amount: 3_600, brand: "mastercard"),
            Member.member("t_refund", .refund, .approved, amount: 1_000, brand: "visa", parent: "t_sale"),
            Member.member("t_void", .sale, .voided, amount: 700, brand: "amex"),
            Member.member("t_eur", .sale, .captured, amount: 800, brand: nil, currency: .eur),
            Member.member("t_other", .sale, .captured, amount: 300, brand: "visa", batch: "b_2"),
            Member.member("t_open", .authorization, .authorized, amount: 50, brand: "visa", batch: nil),
        ]
    }

    /// What a database from before the migration looks like: no movement columns, no table,
    /// no triggers, migration 32 (26) not applied.
    static let undo = [
        "DROP TABLE batch_totals",
        "DROP INDEX transactions_by_merchant_status_created",
        "DROP INDEX transactions_originals_by_merchant_created",
        "ALTER TABLE transactions DROP COLUMN batch_kind",
        "ALTER TABLE transactions DROP COLUMN batch_brand",
        "ALTER TABLE transactions DROP COLUMN batch_amount",
    ]

    static func seed(_ store: any Store) async throws {
        try await store.seed()
        try await store.write { writer in
            try await writer.insert(Fixtures.batch(id: "b_1"))
            try await writer.insert(Fixtures.batch(id: "b_2", merchantId: "m_2", openedAt: Fixtures.minutes(1)))
            for var member in members {
                if member.batchId == "b_2" { member.merchantId = "m_2" }
                try await writer.insert(member)
            }
        }
    }

    static func expectBackfilled(_ store: any Store) async throws {
        let first = try await store.read { try await $0.batchTotals(batchId: "b_1", merchantId: "m_1") }
        #expect(first == (try BatchTotals(members: members.filter { $0.batchId == "b_1" })))
        #expect(first.transactionCount == 6)
        let second = try await store.read { try await $0.batchTotals(batchId: "b_2", merchantId: "m_2") }
        #expect(second.totals == ["USD": 300])
        // And the triggers run from then on.
        try await store.write { try await $0.insert(StoreBatchTotalsContractTests.member("t_new", .sale, .captured, amount: 5, brand: "visa")) }
        #expect(try await store.read { try await $0.batchTotals(batchId: "b_1", merchantId: "m_1") }.transactionCount == 7)
    }

    @Test func sqliteBackfillsTheTotalsOfExistingBatches() async throws {
        let file = TemporaryDatabasePath()
        defer { file.remove() }
        let store = try await SQLiteStore.open(path: file.path, logger: .quiet)
        try await Self.seed(store)
        let statements = ["transactions_batch_totals_insert", "transactions_batch_totals_delete", "transactions_batch_totals_update"]
            .map { "DROP TRIGGER \($0)" } + Self.undo + ["DELETE FROM schema_migrations WHERE version IN (32, 35)"]
        for statement in statements { _ = try await store.writeConnection.query(statement) }
        try await store.close()

        let migrated = try await SQLiteStore.open(path: file.path, logger: .quiet)
        try await Self.expectBackfilled(migrated)
        try await migrated.close()
    }

    @Test(.enabled(if: StoreFactories.postgresURL != nil, "TAPLINE_POSTGRES_URL is not set"))
    func postgresBackfillsTheTotalsOfExistingBatches() async throws {
        let schema = PostgresTestSchema(serverURL: StoreFactories.postgresURL ?? "")
        try await schema.create()
        defer { schema.drop() }
        let store = try await PostgresStore.open(url: schema.url, poolSize: 2, logger: .quiet, connectTimeout: PostgresTestSchema.connectTimeout)
        try await Self.seed(store)
        let statements = ["DROP TRIGGER transactions_batch_totals_insert_delete ON transactions",
                          "DROP TRIGGER transactions_batch_totals_update ON transactions",
                          "DROP FUNCTION transactions_batch_totals()", "DROP FUNCTION batch_totals_count",
                          "DROP FUNCTION batch_totals_sum", "DROP FUNCTION batch_totals_spread"] + Self.undo
            + ["DELETE FROM schema_migrations WHERE version IN (26, 29)"]
        try await store.client.withConnection { connection in
            for statement in statements { _ = try await connection.query(PostgresQuery(unsafeSQL: statement), logger: .quiet) }
        }
        try await store.close()

        let migrated = try await PostgresStore.open(url: schema.url, poolSize: 2, logger: .quiet, connectTimeout: PostgresTestSchema.connectTimeout)
        try await Self.expectBackfilled(migrated)
        try await migrated.close()
    }

    /// Two instances capturing into one batch at once, then refunding some: no change lost.
    @Test(.enabled(if: StoreFactories.postgresURL != nil, "TAPLINE_POSTGRES_URL is not set"))
    func twoPostgresInstancesWritingOneBatchKeepItsTotalsExact() async throws {
        let schema = PostgresTestSchema(serverURL: StoreFactories.postgresURL ?? "")
        try await schema.create()
        defer { schema.drop() }
        let first = try await PostgresStore.open(url: schema.url, poolSize: 4, logger: .quiet, connectTimeout: PostgresTestSchema.connectTimeout)
        let second = try await PostgresStore.open(url: schema.url, poolSize: 4, logger: .quiet, connectTimeout: PostgresTestSchema.connectTimeout)
        try await first.seed()
        try await first.write { try await $0.insert(Fixtures.batch(id: "b_1")) }
        let stores: [any Store] = [first, second]
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<60 {
                group.addTask {
                    let store = stores[index % 2]
                    var sale = StoreBatchTotalsContractTests.member(
                        "t_\(index)", .sale, .authorized, amount: Int64(100 + index), brand: index % 3 == 0 ? "visa" : "mastercard",
                        batch: nil)
                    try await store.write { [sale] in try await $0.insert(sale) }
                    sale.status = .captured
                    sale.capturedAmount = sale.amount
                    sale.batchId = "b_1"
                    try await store.write { [sale] in try await $0.update(sale) }
                    guard index % 4 == 0 else { return }
                    let refund = StoreBatchTotalsContractTests.member(
                        "r_\(index)", .refund, .approved, amount: 10, brand: sale.card?.brand, parent: sale.id)
                    try await stores[(index + 1) % 2].write { try await $0.insert(refund) }
                }
            }
            try await group.waitForAll()
        }
        let members = try await first.read { reader in
            var query = TransactionQuery(merchantId: "m_1")
            query.batchId = "b_1"
            query.pageSize = 500
            return try await reader.transactions(query).items
        }
        #expect(members.count == 75)
        let kept = try await second.read { try await $0.batchTotals(batchId: "b_1", merchantId: "m_1") }
        #expect(kept == (try BatchTotals(members: members)))
        var captured: Int64 = 0
        for index in 0..<60 { captured += 100 + Int64(index) }
        #expect(kept.totals == ["USD": captured - 15 * 10])
        // The writes counted into several slots of each line (each transaction its own), not one row.
        let slots = try await first.client.withConnection { connection in
            try await connection.query(
                "SELECT COUNT(DISTINCT slot) FROM batch_totals WHERE batch_id = 'b_1' AND grouping = 'currency'", logger: .quiet
            ).collect().first?.decode(Int.self) ?? 0
        }
        #expect(slots > 1)
        try await first.close()
        try await second.close()
    }

    /// PostgreSQL's migration 29 on lines kept in one row each (as 26 left them): a line too
    /// large for one slot's band is spread over the slots with its total unchanged, and the
    /// 64-bit bound still refuses exactly the change that would pass it.
    @Test(.enabled(if: StoreFactories.postgresURL != nil, "TAPLINE_POSTGRES_URL is not set"))
    func postgresSpreadsALineTooLargeForOneSlot() async throws {
        let schema = PostgresTestSchema(serverURL: StoreFactories.postgresURL ?? "")
        try await schema.create()
        defer { schema.drop() }
        let store = try await PostgresStore.open(url: schema.url, poolSize: 2, logger: .quiet, connectTimeout: PostgresTestSchema.connectTimeout)
        try await store.seed()
        let members = [
            StoreBatchTotalsContractTests.member("t_big", .sale, .captured, amount: Int64.max - 100, brand: "visa"),
            StoreBatchTotalsContractTests.member("t_small", .sale, .captured, amount: 40, brand: "visa"),
        ]
        try await store.write { writer in
            try await writer.insert(Fixtures.batch(id: "b_1"))
            for member in members { try await writer.insert(member) }
        }
        // Back to one row per line, counted from the members as 26 did.
        let undo = ["DROP FUNCTION batch_totals_spread", "DELETE FROM batch_totals", "ALTER TABLE batch_totals DROP COLUMN slot",
                    "ALTER TABLE batch_totals ADD PRIMARY KEY (batch_id, merchant_id, grouping, name, currency)"]
            + SQLBatchTotalsMigration.fillTotals + ["DELETE FROM schema_migrations WHERE version IN (29, 30)"]
        try await store.client.withConnection { connection in
            for statement in undo { _ = try await connection.query(PostgresQuery(unsafeSQL: statement), logger: .quiet) }
        }
        try await store.close()

        let migrated = try await PostgresStore.open(url: schema.url, poolSize: 2, logger: .quiet, connectTimeout: PostgresTestSchema.connectTimeout)
        #expect(try await migrated.read { try await $0.batchTotals(batchId: "b_1", merchantId: "m_1") } == (try BatchTotals(members: members)))
        let rows = try await migrated.client.withConnection { connection in
            try await connection.query(
                "SELECT slot, amount FROM batch_totals WHERE batch_id = 'b_1' AND grouping = 'currency'", logger: .quiet
            ).collect().map { try $0.decode((Int64, Int64).self) }
        }
        #expect(rows.count == PostgresSchema.totalSlots)
        let band = PostgresSchema.slotBand
        #expect(rows.allSatisfy { slot, amount in amount >= band.low && amount <= (slot == 0 ? band.firstHigh : band.high) })
        // 60 more fit exactly; one more minor unit does not.
        try await migrated.write { try await $0.insert(StoreBatchTotalsContractTests.member("t_fits", .sale, .captured, amount: 60, brand: "visa")) }
        #expect(try await migrated.read { try await $0.batchTotals(batchId: "b_1", merchantId: "m_1") }.totals == ["USD": Int64.max])
        // Spread at the bound, every slot is at the top of its band: none has room left. (The
        // spread's NUMERIC `floor(total / 16)` once rounded up here, put 15 slots one over
        // and left slot 0 room, so 1 payment in 16 passed the bound.)
        let full = try await migrated.client.withConnection { connection in
            try await connection.query("SELECT slot, amount FROM batch_totals WHERE batch_id = 'b_1'", logger: .quiet)
                .collect().map { try $0.decode((Int64, Int64).self) }
        }
        #expect(full.count == 3 * PostgresSchema.totalSlots)
        #expect(full.allSatisfy { slot, amount in amount == (slot == 0 ? band.firstHigh : band.high) }, "\(full)")
        // On the next day, so the day's volume line (which these payments also fill to the
        // bound) cannot be the one that refuses it: only the batch's bound is tested here.
        var more = StoreBatchTotalsContractTests.member("t_more", .sale, .captured, amount: 1, brand: "visa")
        more.createdAt = more.createdAt.addingTimeInterval(86_400)
        await expectStoreError(.batchTotalsTooLarge) { [more] in
            try await migrated.write { try await $0.insert(more) }
        }
        try await migrated.close()
    }
}
