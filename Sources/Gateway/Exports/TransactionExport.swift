import Foundation
import GatewayAPI
import PaymentCore
import Storage

/// A merchant's transactions in a date range, written out page by page (`tapline export
/// transactions`): as CSV with the dashboard's columns (``DashboardCSV``), or as JSON Lines,
/// one ``TransactionResource`` per line as the API shows it. Nothing caps the count; only
/// one page is held at a time.
///
/// Rows come oldest first (then by id), paged by offset in that order, so rows a running
/// server adds later (newer) land after the ones already written; a range that ends in the
/// past is a fixed set.
public struct TransactionExport: Sendable {
    /// How the rows are written.
    public enum Format: String, Sendable, CaseIterable {
        case csv, json
    }

    let store: any Store
    /// Rows read per read transaction.
    var pageSize: Int

    public init(store: any Store, pageSize: Int = 1_000) {
        self.store = store
        self.pageSize = pageSize
    }

    /// Writes the merchant's transactions created in `from..<to` to `output`, one line per
    /// call (with its line break; CSV's header first). Returns how many transactions were
    /// written. An unknown merchant is ``TransactionExportError/unknownMerchant(_:)``.
    @discardableResult
    public func write(
        merchantId: String, from: Date, to: Date, format: Format, to output: (String) throws -> Void
    ) async throws -> Int {
        guard let merchant = try await store.read({ try await $0.merchant(id: merchantId) }) else {
            throw TransactionExportError.unknownMerchant(merchantId)
        }
        var query = TransactionQuery(merchantId: merchantId)
        query.createdFrom = from
        query.createdTo = to
        let dates = ISO8601DateFormatter()
        let renderer = TransactionRenderer(now: { Date() })
        let encoder = APIJSON.encoder
        if format == .csv { try output(DashboardCSV.header.joined(separator: ",") + "\r\n") }
        return try await forEachPage(of: query) { page in
            for row in page {
                switch format {
                case .csv:
                    try output(DashboardCSV.row(DashboardCSV.Line(row), dates: dates) + "\r\n")
                case .json:
                    let line = try encoder.encode(renderer.render(row, merchant: merchant))
                    try output(String(decoding: line, as: UTF8.self) + "\n")
                }
            }
        }
    }

    /// Hands `body` every transaction `query` finds (its filters; not its order or page),
    /// oldest first, one page of ``pageSize`` at a time, each from its own read; returns how
    /// many there were. The dashboard's payments CSV streams through it too.
    @discardableResult
    func forEachPage(of query: TransactionQuery, _ body: ([Transaction]) async throws -> Void) async throws -> Int {
        var query = query
        query.orderBy = .date
        query.ascending = true
        query.page = 0
        query.pageSize = pageSize
        var handed = 0
        while true {
            let page = try await store.read { [query] in try await $0.transactions(query) }.items
            try await body(page)
            handed += page.count
            guard page.count == pageSize else { return handed }
            query.page += 1
        }
    }
}

/// Why an export did not start.
public enum TransactionExportError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownMerchant(String)

    public var description: String {
        switch self {
        case .unknownMerchant(let id): return "--merchant: there is no merchant \(id) in this database"
        }
    }
}
