import Foundation
import SQLiteNIO
import Storage
import StorageSQL
@testable import StorageSQLite
import Testing
import TestSupport

extension SQLiteStoreTests {
    /// Each background job's query runs through its partial index (SQLite 43), not a walk of
    /// every payment, and a follow-up's siblings through the index that leaves the originals
    /// out: SQLite's own plan for each condition names the index. A condition with the status
    /// bound as a parameter would not use it.
    @Test func theJobsQueriesUseTheirPartialIndexes() async throws {
        try await withDatabase { file in
            let (plans, old) = try await withStore(file) { store in
                var plans: [(String, [String])] = []
                for (condition, index) in SQLJobIndexes.served {
                    let binds = [SQLiteData](repeating: .text("x"), count: condition.filter { $0 == "?" }.count)
                    let plan = try await store.readConnection.query("EXPLAIN QUERY PLAN SELECT * FROM transactions WHERE \(condition)", binds)
                    plans.append((index, plan.compactMap { $0.column("detail")?.string }))
                }
                let old = try await store.readConnection.query("SELECT name FROM sqlite_master WHERE name LIKE 'transactions_by_status%'")
                return (plans, old.count)
            }
            for (index, steps) in plans {
                #expect(steps.contains { $0.contains("USING INDEX \(index)") }, "\(index): \(steps)")
            }
            #expect(old == 0)
        }
    }
}
