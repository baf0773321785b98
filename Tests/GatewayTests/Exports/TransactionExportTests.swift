import Foundation
@testable import Gateway
import GatewayAPI
import Logging
import PaymentCore
import Storage
import StorageSQLite
import Testing
import TestSupport

/// `tapline export transactions`: every row in the range, oldest first, past the dashboard's
/// 10,000-row cap, with the dashboard's columns or the API's resource per line.
@Suite("Transaction export")
struct TransactionExportTests {
    static let rows = 10_050

    /// A store with `rows` sales of m_1 a second apart (inserted newest first, so order is
    /// the export's doing), one of m_2, and one of m_1 outside the range.
    static func withStore(_ body: (any Store) async throws -> Void) async throws {
        let file = TemporaryDatabasePath()
        defer { file.remove() }
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let store = try await SQLiteStore.open(path: file.path, logger: logger)
        do {
            try await store.write { writer in
                try await writer.insert(Fixtures.merchant(id: "m_1"))
                try await writer.insert(Fixtures.merchant(id: "m_2", name: "Other"))
                for number in (0..<rows).reversed() {
                    try await writer.insert(Fixtures.transaction(id: String(format: "t_%06d", number), createdAt: Fixtures.epoch.addingTimeInterval(Double(number))))
                }
                try await writer.insert(Fixtures.transaction(id: "t_other", merchantId: "m_2", createdAt: Fixtures.epoch))
                try await writer.insert(Fixtures.transaction(id: "t_late", createdAt: Fixtures.epoch.addingTimeInterval(86_400 * 3)))
            }
            try await body(store)
        } catch {
            try? await store.close()
            throw error
        }
        try await store.close()
    }

    static var range: (from: Date, to: Date) {
        (Fixtures.epoch, Fixtures.epoch.addingTimeInterval(Double(rows)))
    }

    @Test func moreThanTenThousandRowsStreamInOrderAsCSVWithTheDashboardsHeader() async throws {
        try await Self.withStore { store in
            var lines: [String] = []
            let count = try await TransactionExport(store: store, pageSize: 997).write(
                merchantId: "m_1", from: Self.range.from, to: Self.range.to, format: .csv) { lines.append($0) }
            #expect(count == Self.rows)
            #expect(lines.count == Self.rows + 1)
            #expect(lines.first == DashboardCSV.header.joined(separator: ",") + "\r\n")
            let table = CSVTable(lines.joined())
            #expect(table.header == DashboardCSV.header)
            #expect(table.rows.map { $0["id"] ?? "" } == (0..<Self.rows).map { String(format: "t_%06d", $0) })
            #expect(table.rows.first?["amount_requested"] == "10.00")
        }
    }

    @Test func jsonIsOneTransactionResourcePerLine() async throws {
        try await Self.withStore { store in
            var lines: [String] = []
            try await TransactionExport(store: store).write(
                merchantId: "m_1", from: Self.range.from, to: Self.range.to, format: .json) { lines.append($0) }
            #expect(lines.count == Self.rows)
            #expect(lines.allSatisfy { $0.hasSuffix("}\n") && $0.filter { $0 == "\n" }.count == 1 })
            let decoder = APIJSON.decoder
            let first = try decoder.decode(TransactionResource.self, from: Data(lines[0].utf8))
            let last = try decoder.decode(TransactionResource.self, from: Data(lines[lines.count - 1].utf8))
            #expect(first.id == "t_000000" && first.merchantId == "m_1" && first.amount == 1_000 && first.currency == "USD")
            #expect(last.id == String(format: "t_%06d", Self.rows - 1))
        }
    }

    @Test func anUnknownMerchantIsRefusedBeforeAnythingIsWritten() async throws {
        try await Self.withStore { store in
            var lines: [String] = []
            await #expect(throws: TransactionExportError.unknownMerchant("m_404")) {
                try await TransactionExport(store: store).write(
                    merchantId: "m_404", from: Self.range.from, to: Self.range.to, format: .csv) { lines.append($0) }
            }
            #expect(lines.isEmpty)
        }
    }

    @Test func datesAreDaysOrInstants() {
        #expect(ExportDateBound.parse("2025-06-15", end: false) == Date(timeIntervalSince1970: 1_749_945_600))
        #expect(ExportDateBound.parse("2025-06-15", end: true) == Date(timeIntervalSince1970: 1_749_945_600 + 86_400))
        #expect(ExportDateBound.parse("2025-06-15T10:00:00Z", end: true) == Date(timeIntervalSince1970: 1_749_981_600))
        #expect(ExportDateBound.parse("2025-06-15T10:00:00.500Z", end: false) == Date(timeIntervalSince1970: 1_749_981_600.5))
        #expect(ExportDateBound.parse("15/06/2025", end: false) == nil)
        #expect(ExportDateBound.parse("yesterday", end: true) == nil)
    }
}
