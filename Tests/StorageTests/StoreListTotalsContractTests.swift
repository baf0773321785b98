import Foundation
import PaymentCore
import Storage
import Testing
import TestSupport

/// Every store answers the payments list's count and the daily volume exactly as counting
/// the rows does, after every kind of change: the SQL stores from lines their triggers keep
/// (SQLite 34, PostgreSQL 28), checked here against the same store's row-by-row answer (a
/// date filter from 1970 counts rows; bounds a millisecond off midnight add rows up) and
/// against the rows the test wrote.
@Suite("Store contract: kept list counts and daily volume")
struct StoreListTotalsContractTests {
    static let firstDay: Int64 = 20_250
    static let from = Date(timeIntervalSince1970: TimeInterval(firstDay) * 86_400)
    static let to = Date(timeIntervalSince1970: TimeInterval(firstDay + 10) * 86_400)

    /// A row made on day `firstDay + day`, `second` seconds into it.
    static func row(
        _ id: String, _ type: TransactionType, _ status: TransactionStatus, amount: Int64, approved: Int64 = 0, day: Int64,
        second: TimeInterval = 3_600, merchant: String = "m_1", currency: Currency = .usd, parent: String? = nil
    ) -> Transaction {
        var row = Fixtures.transaction(id: id, merchantId: merchant, type: type, status: status, parentId: parent, currency: currency, amount: amount)
        row.createdAt = Date(timeIntervalSince1970: TimeInterval(firstDay + day) * 86_400 + second)
        row.authorizedAmount = approved
        return row
    }

    /// The lists whose counts are kept: every mix of originals only, a status and a type.
    static var keptQueries: [TransactionQuery] {
        var queries: [TransactionQuery] = []
        for merchant in ["m_1", "m_2"] {
            for originals in [false, true] {
                for status in [nil, .pending, .captured, .declined, .approved, .refunded, .voided] as [TransactionStatus?] {
                    for type in [nil, .sale, .refund, .capture] as [TransactionType?] {
                        var query = TransactionQuery(merchantId: merchant)
                        (query.originalsOnly, query.status, query.type) = (originals, status, type)
                        queries.append(query)
                    }
                }
            }
        }
        return queries
    }

    /// The kept answers equal the rows counted and added up by the store, and the counts
    /// equal the test's own rows.
    static func expectKeptAnswers(_ store: any Store, rows: [String: Transaction], after step: String) async throws {
        for query in keptQueries {
            var scanned = query
            scanned.createdFrom = Date(timeIntervalSince1970: 0)
            let (kept, counted) = try await store.read { [scanned] reader in
                (try await reader.transactions(query).total, try await reader.transactions(scanned).total)
            }
            let written = rows.values.filter {
                $0.merchantId == query.merchantId && (!query.originalsOnly || $0.parentId == nil)
                    && (query.status == nil || $0.status == query.status) && (query.type == nil || $0.type == query.type)
            }.count
            #expect(kept == counted && kept == written, "\(step): \(query.merchantId) originals \(query.originalsOnly) \(String(describing: query.status)) \(String(describing: query.type)): kept \(kept), counted \(counted), written \(written)")
        }
        for merchant in ["m_1", "m_2"] {
            for currency in ["USD", "EUR"] {
                let (kept, added) = try await store.read { reader in
                    (try await reader.dailyVolume(merchantId: merchant, currency: currency, from: from, to: to),
                     try await reader.dailyVolume(
                        merchantId: merchant, currency: currency, from: from.addingTimeInterval(-0.001), to: to.addingTimeInterval(0.001)))
                }
                #expect(kept == added, "\(step): \(merchant) \(currency)")
            }
        }
    }

    /// A payment's life in every change that moves a count or a day: a sale made and
    /// captured, a decline, an authorization captured (its capture a follow-up), a refund
    /// pending then approved and its sale refunded, a void, a tip that changes what was
    /// approved, an unreferenced refund in another currency, another merchant's sale.
    @Test(arguments: StoreFactories.all)
    func keptAnswersFollowEveryChange(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed()
            var rows: [String: Transaction] = [:]
            func write(_ row: Transaction, insert: Bool = false) async throws {
                rows[row.id] = row
                try await store.write { insert ? try await $0.insert(row) : try await $0.update(row) }
                try await Self.expectKeptAnswers(store, rows: rows, after: "\(row.id) \(row.status)")
            }
            var sale = Self.row("s1", .sale, .pending, amount: 1_000, day: 0)
            try await write(sale, insert: true)
            (sale.status, sale.authorizedAmount, sale.capturedAmount) = (.captured, 1_000, 1_000)
            try await write(sale)
            try await write(Self.row("s2", .sale, .declined, amount: 700, day: 0, second: 7_200), insert: true)
            var auth = Self.row("a1", .authorization, .authorized, amount: 2_000, approved: 2_000, day: 1)
            try await write(auth, insert: true)
            try await write(Self.row("c1", .capture, .approved, amount: 1_800, day: 1, second: 4_000, parent: "a1"), insert: true)
            (auth.status, auth.capturedAmount) = (.captured, 1_800)
            try await write(auth)
            var refund = Self.row("r1", .refund, .pending, amount: 1_000, day: 2, parent: "s1")
            try await write(refund, insert: true)
            refund.status = .approved
            try await write(refund)
            (sale.status, sale.refundedAmount) = (.refunded, 1_000)
            try await write(sale)
            var voided = Self.row("s3", .sale, .authorized, amount: 500, approved: 500, day: 3)
            try await write(voided, insert: true)
            voided.status = .voided
            try await write(voided)
            var tipped = Self.row("s4", .sale, .captured, amount: 800, approved: 800, day: 3, second: 80_000)
            try await write(tipped, insert: true)
            (tipped.amount, tipped.authorizedAmount, tipped.tipAmount) = (950, 950, 150)
            try await write(tipped)
            try await write(Self.row("r2", .refund, .approved, amount: 300, day: 4, currency: .eur), insert: true)
            try await write(Self.row("s5", .sale, .captured, amount: 400, approved: 400, day: 4, merchant: "m_2"), insert: true)
            // Outside the 30 days asked: counted in the list, not in the volume.
            try await write(Self.row("s6", .sale, .captured, amount: 900, approved: 900, day: 20), insert: true)

            let volume = try await store.read { try await $0.dailyVolume(merchantId: "m_1", currency: "USD", from: Self.from, to: Self.to) }
            func day(_ offset: Int64, approved: (Int64, Int64) = (0, 0), declined: (Int64, Int64) = (0, 0), refunded: (Int64, Int64) = (0, 0)) -> DailyVolume {
                var line = DailyVolume(day: Self.firstDay + offset)
                (line.approvedAmount, line.approvedCount, line.declinedAmount, line.declinedCount) = (approved.0, approved.1, declined.0, declined.1)
                (line.refundedAmount, line.refundedCount) = refunded
                return line
            }
            #expect(volume == [
                day(0, approved: (1_000, 1), declined: (700, 1)), day(1, approved: (2_000, 1)), day(2, refunded: (1_000, 1)),
                day(3, approved: (1_450, 2)),
            ])
            #expect(try await store.read { try await $0.dailyVolume(merchantId: "m_1", currency: "EUR", from: Self.from, to: Self.to) }
                == [day(4, refunded: (300, 1))])
            #expect(try await store.read { try await $0.transactions(TransactionQuery(merchantId: "m_1")) }.total == 9)
        }
    }

    /// A day's approved volume that would pass Int64 refuses the write (nothing of it
    /// stays), up to the last value that fits. The memory store adds its rows when asked.
    @Test(arguments: StoreFactories.all.filter { $0.name != "memory" })
    func aDayPastSixtyFourBitsRefusesTheWrite(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed()
            try await store.write { try await $0.insert(Self.row("big", .authorization, .authorized, amount: .max - 10, approved: .max - 10, day: 0)) }
            do {
                try await store.write { try await $0.insert(Self.row("more", .authorization, .authorized, amount: 11, approved: 11, day: 0, second: 5)) }
                Issue.record("a day past Int64 was written")
            } catch is StoreError {}
            #expect(try await store.read { try await $0.transaction(id: "more", merchantId: "m_1") } == nil)
            try await store.write { try await $0.insert(Self.row("fits", .authorization, .authorized, amount: 10, approved: 10, day: 0, second: 6)) }
            let volume = try await store.read { try await $0.dailyVolume(merchantId: "m_1", currency: "USD", from: Self.from, to: Self.to) }
            #expect(volume.map(\.approvedAmount) == [.max])
            #expect(volume.map(\.approvedCount) == [2])
            #expect(try await store.read { try await $0.transactions(TransactionQuery(merchantId: "m_1")) }.total == 2)
        }
    }
}
