import Foundation
import SQLiteNIO
import Storage
import StorageSQL
@testable import StorageSQLite
import Testing
import TestSupport

extension SQLiteStoreTests {
    /// The inter-app lookups run through an index of the merchant's rows, not a walk of them
    /// all: SQLite's own plan for the store's WHERE clause names the index.
    enum Lookup: String, CaseIterable, Sendable {
        case idPrefix, stan, idPrefixOnADevice

        var index: String { self == .stan ? "transactions_by_merchant_trace" : "transactions_by_merchant_id" }

        func apply(to query: inout TransactionQuery) {
            switch self {
            case .idPrefix: query.idPrefix = "9b2e7c41-5"
            case .stan: query.stan = "004321"
            case .idPrefixOnADevice: query.idPrefix = "9b2e7c41-5"; query.createdById = "d"
            }
        }
    }

    @Test(arguments: Lookup.allCases)
    func lookupsUseTheirIndex(_ lookup: Lookup) async throws {
        try await withDatabase { file in
            var query = TransactionQuery(merchantId: "m_1")
            lookup.apply(to: &query)
            let (condition, binds) = SQLTransactionFilter.condition(of: query)
            let values: [SQLiteData] = binds.map { value in
                guard case .text(let text) = value else { return .null }
                return .text(text)
            }
            let plan = try await withStore(file) { store in
                try await store.readConnection.query("EXPLAIN QUERY PLAN SELECT * FROM transactions WHERE \(condition)", values)
            }
            let steps = plan.compactMap { $0.column("detail")?.string }
            let index = lookup.index
            #expect(steps.contains { $0.contains("USING INDEX \(index)") || $0.contains("USING COVERING INDEX \(index)") }, "\(lookup): \(steps)")
        }
    }
}
