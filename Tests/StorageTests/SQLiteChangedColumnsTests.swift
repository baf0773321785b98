import Foundation
import PaymentCore
import Storage
@testable import StorageSQLite
import Testing
import TestSupport

/// A payment the write locked is updated in the columns that changed only
/// (`SQLTable.changes(from:to:)`): the indexes over the others are left alone.
@Suite("SQLite: a locked payment's update sets what changed")
struct SQLiteChangedColumnsTests {
    /// The columns each UPDATE of `transactions` the write connection ran since recording began set.
    static func assignedColumns(_ store: SQLiteStore) -> [[String]] {
        (store.writeConnection.recordedStatements ?? []).filter { $0.hasPrefix("UPDATE transactions SET ") }.map { sql in
            let assignments = sql.dropFirst("UPDATE transactions SET ".count).components(separatedBy: " WHERE ")[0]
            return assignments.components(separatedBy: ", ").map { $0.components(separatedBy: " = ")[0] }
        }
    }

    func withPendingSale(_ body: (SQLiteStore, Transaction) async throws -> Void) async throws {
        let file = TemporaryDatabasePath()
        defer { file.remove() }
        let store = try await SQLiteStore.open(path: file.path, logger: .quiet)
        do {
            try await store.seed(merchants: ["m_1"])
            let sale = Fixtures.transaction(status: .pending)
            try await store.write { try await $0.insert(sale) }
            store.writeConnection.recordStatements()
            try await body(store, sale)
            try await store.close()
        } catch {
            try? await store.close()
            throw error
        }
    }

    @Test func onlyTheChangedColumnsAreSet() async throws {
        try await withPendingSale { store, sale in
            let finished = try await store.write { writer in
                guard var row = try await writer.lockTransaction(id: sale.id, merchantId: "m_1") else { throw StoreError.notFound(sale.id) }
                row.status = .captured
                row.capturedAmount = 1_000
                row.updatedAt = Fixtures.date(9)
                try await writer.update(row)
                return row
            }
            // The batch columns are derived from the status: a captured sale counts in its batch.
            let batch = ["batch_kind", "batch_brand", "batch_amount"]
            #expect(Self.assignedColumns(store) == [["status", "captured_amount", "updated_at"] + batch])
            #expect(try await store.read { try await $0.transaction(id: sale.id, merchantId: "m_1") } == finished)
        }
    }

    @Test func aSecondUpdateInTheSameWriteSetsWhatChangedSinceTheFirst() async throws {
        try await withPendingSale { store, sale in
            let finished = try await store.write { writer in
                guard var row = try await writer.lockTransaction(id: sale.id, merchantId: "m_1") else { throw StoreError.notFound(sale.id) }
                row.status = .captured
                try await writer.update(row)
                row.referenceId = "order-9"
                try await writer.update(row)
                return row
            }
            #expect(Self.assignedColumns(store) == [["status", "batch_kind", "batch_brand", "batch_amount"], ["reference_id"]])
            #expect(try await store.read { try await $0.transaction(id: sale.id, merchantId: "m_1") } == finished)
        }
    }

    @Test func anUnchangedRowIsNotWrittenAndAnotherMerchantsIsStillNotFound() async throws {
        try await withPendingSale { store, sale in
            try await store.write { writer in
                guard let row = try await writer.lockTransaction(id: sale.id, merchantId: "m_1") else { throw StoreError.notFound(sale.id) }
                try await writer.update(row)
            }
            #expect(Self.assignedColumns(store) == [])
            await #expect(throws: StoreError.self) {
                try await store.write { writer in
                    guard var row = try await writer.lockTransaction(id: sale.id, merchantId: "m_1") else { throw StoreError.notFound(sale.id) }
                    row.merchantId = "m_2"
                    try await writer.update(row)
                }
            }
            #expect(try await store.read { try await $0.transaction(id: sale.id, merchantId: "m_1") } == sale)
        }
    }
}
