import Foundation
import SQLiteNIO
import Storage
import StorageSQL
@testable import StorageSQLite
import Testing
import TestSupport

extension SQLiteStoreTests {
    /// A list's first page by date walks its index and stops after the page: SQLite's own
    /// plan for the store's WHERE and ORDER BY names the index and no sort of the rows (an
    /// ORDER BY naming `created_at` twice made SQLite 3.54 sort every row of the merchant).
    enum ListPage: String, CaseIterable, Sendable {
        case all, originalsOnly, byStatus, ascending

        var index: String {
            switch self {
            case .all, .ascending: return "transactions_by_merchant_created"
            case .originalsOnly: return "transactions_originals_by_merchant_created"
            case .byStatus: return "transactions_by_merchant_status_created"
            }
        }

        var query: TransactionQuery {
            var query = TransactionQuery(merchantId: "m_1")
            switch self {
            case .all: break
            case .originalsOnly: query.originalsOnly = true
            case .byStatus: query.status = .declined
            case .ascending: query.ascending = true
            }
            return query
        }
    }

    @Test(arguments: ListPage.allCases)
    func aListPageByDateWalksItsIndex(_ page: ListPage) async throws {
        let query = page.query
        let (condition, binds) = SQLTransactionFilter.condition(of: query)
        let sql = "SELECT * FROM transactions WHERE \(condition) ORDER BY \(SQLTransactionFilter.order(of: query)) LIMIT 20"
        let steps = try await plan(sql, binds)
        #expect(steps.contains { $0.contains("USING INDEX \(page.index)") }, "\(page): \(steps)")
        #expect(!steps.contains { $0.contains("TEMP B-TREE") }, "\(page): \(steps)")
    }

    /// A search starts from the trigram index's matches and finds each by its id: it never
    /// walks the merchant's rows (which, without statistics, SQLite's plan would do).
    @Test func aSearchStartsFromItsMatches() async throws {
        var query = TransactionQuery(merchantId: "m_1")
        query.originalsOnly = true
        query.search = "lovelace"
        query.searchAmount = 1_800
        var others = query
        others.search = nil
        let (condition, binds) = SQLTransactionFilter.condition(of: others)
        let clause = try #require(SQLTextSearch.fts5.clause(text: "lovelace", amount: 1_800))
        let (from, searched, searchedBinds) = SQLTextSearch.fts5.searched(condition: condition, binds: binds, clause: clause)
        let steps = try await plan(
            "SELECT * FROM \(from) WHERE \(searched) ORDER BY \(SQLTransactionFilter.order(of: query)) LIMIT 20", searchedBinds)
        #expect(steps.contains { $0.contains("VIRTUAL TABLE INDEX") && $0.contains("transaction_search") }, "\(steps)")
        #expect(steps.contains { $0.contains("SEARCH transactions USING INDEX sqlite_autoindex_transactions_1 (id=?)") }, "\(steps)")
        #expect(!steps.contains { $0.contains("merchant") || $0.contains("parent") }, "\(steps)")
    }

    /// A payment's operations come from their own index, not a walk of the merchant's rows.
    @Test func aPaymentsOperationsUseTheirIndex() async throws {
        let steps = try await plan(
            "SELECT * FROM transactions WHERE parent_id = ? AND merchant_id = ? ORDER BY created_at, id", [.text("t_1"), .text("m_1")])
        #expect(steps.contains { $0.contains("USING INDEX transactions_follow_ups") }, "\(steps)")
        #expect(!steps.contains { $0.contains("TEMP B-TREE") }, "\(steps)")
    }

    /// The kept counts and the daily volume are read by their primary keys.
    @Test func keptCountsAndVolumeAreReadByTheirKeys() async throws {
        var query = TransactionQuery(merchantId: "m_1")
        query.originalsOnly = true
        let (count, countBinds) = try #require(SQLTransactionFilter.keptCount(of: query))
        #expect(try await plan(count, countBinds).contains { $0.contains("SEARCH transaction_counts USING PRIMARY KEY") })
        let volume = try await plan(
            "SELECT * FROM daily_volume WHERE merchant_id = ? AND currency = ? AND day >= ? AND day < ?",
            [.text("m_1"), .text("USD"), .integer(1), .integer(31)])
        #expect(volume.contains { $0.contains("SEARCH daily_volume USING PRIMARY KEY (merchant_id=? AND currency=? AND day>? AND day<?)") }, "\(volume)")
    }

    /// SQLite's plan for `sql` on a new database, one line per step.
    private func plan(_ sql: String, _ binds: [SQLValue]) async throws -> [String] {
        let values: [SQLiteData] = binds.map { value in
            switch value {
            case .text(let text): return .text(text)
            case .integer(let number): return .integer(Int(number))
            default: return .null
            }
        }
        let file = TemporaryDatabasePath()
        defer { file.remove() }
        return try await withStore(file) { store in
            try await store.readConnection.query("EXPLAIN QUERY PLAN \(sql)", values)
        }.compactMap { $0.column("detail")?.string }
    }
}
