import Foundation
import PaymentCore
import Storage
import Testing
import TestSupport

/// Every store keeps a batch's totals as its members change, exactly what counting the
/// members gives (``BatchTotals/init(members:)``), and refuses a change whose totals would
/// not fit 64 bits.
@Suite("Store contract: kept batch totals")
struct StoreBatchTotalsContractTests {
    /// A member's every change of what it counts: joins, a capture, a refund of a sale
    /// (which keeps counting its capture), a partial refund, a void, an ACH debit whose
    /// cancel is in flight and then submitted, a member moved to another batch.
    @Test(arguments: StoreFactories.all)
    func keptTotalsFollowEveryChangeOfAMember(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed()
            try await store.write { writer in
                try await writer.insert(Fixtures.batch(id: "b_1"))
                // A closed batch's lines are kept too (a close reads its members instead).
                var closed = Fixtures.batch(id: "b_2", openedAt: Fixtures.minutes(-60))
                closed.closedAt = Fixtures.minutes(-1)
                try await writer.insert(closed)
            }
            var rows: [String: Transaction] = [:]
            func write(_ row: Transaction, insert: Bool = false) async throws {
                rows[row.id] = row
                try await store.write { insert ? try await $0.insert(row) : try await $0.update(row) }
                for batch in ["b_1", "b_2"] {
                    let kept = try await store.read { try await $0.batchTotals(batchId: batch, merchantId: "m_1") }
                    let counted = try BatchTotals(members: rows.values.filter { $0.batchId == batch })
                    #expect(kept == counted, "\(batch) after \(row.id) \(row.status)")
                }
            }
            var sale = Self.member("t_sale", .sale, .captured, amount: 2_500, brand: "visa")
            try await write(sale, insert: true)
            var auth = Self.member("t_auth", .authorization, .authorized, amount: 4_000, brand: "mastercard", batch: nil)
            try await write(auth, insert: true)
            auth.status = .captured
            auth.capturedAmount = 3_600
            auth.batchId = "b_1"
            try await write(auth)
            try await write(Self.member("t_capture", .capture, .approved, amount: 3_600, brand: "mastercard", parent: "t_auth"), insert: true)
            var refund = Self.member("t_refund", .refund, .pending, amount: 1_000, brand: "visa", parent: "t_sale")
            try await write(refund, insert: true)
            refund.status = .approved
            try await write(refund)
            sale.refundedAmount = 1_000
            try await write(sale)
            sale.refundedAmount = 2_500
            sale.status = .refunded
            try await write(sale)
            var voided = Self.member("t_void", .sale, .captured, amount: 700, brand: "amex", currency: .eur)
            try await write(voided, insert: true)
            voided.status = .voided
            try await write(voided)
            var debit = Self.member("t_ach", .achDebit, .scheduled, amount: 9_000, brand: nil)
            debit.bankAccount = Fixtures.bankAccount()
            try await write(debit, insert: true)
            debit.pendingOperationId = "op_cancel"
            try await write(debit)
            debit.pendingOperationId = nil
            debit.status = .inProgress
            try await write(debit)
            var moved = Self.member("t_moved", .sale, .captured, amount: 300, brand: "visa")
            try await write(moved, insert: true)
            moved.batchId = "b_2"
            try await write(moved)

            let kept = try await store.read { try await $0.batchTotals(batchId: "b_1", merchantId: "m_1") }
            var batch = Fixtures.batch(id: "b_1")
            kept.apply(to: &batch)
            // sale 2,500 (refunded, still counted) + capture 3,600 - refund 1,000 + ACH 9,000.
            #expect(batch.transactionCount == 4)
            #expect(batch.totals == ["USD": 14_100])
            #expect(batch.byCardBrand.map(\.name) == ["ach", "mastercard", "visa"])
            #expect(batch.byType.map { "\($0.name) \($0.amount)" } == ["achDebit 9000", "capture 3600", "refund -1000", "sale 2500"])
            // Another merchant sees none of it.
            #expect(try await store.read { try await $0.batchTotals(batchId: "b_1", merchantId: "m_2") } == BatchTotals())
        }
    }

    /// A total that would pass Int64 refuses the write (nothing of it stays), up to the last
    /// value that fits, in both directions; SQLite's `+` would have turned it into a REAL.
    /// Each member on a day of its own, so only the batch's totals reach the bound (a day's
    /// kept volume has its own, `StoreListTotalsContractTests`).
    @Test(arguments: StoreFactories.all)
    func aTotalPastSixtyFourBitsRefusesTheWrite(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed()
            try await store.write { try await $0.insert(Fixtures.batch(id: "b_1")) }
            var day: Int64 = 0
            func member(_ id: String, _ type: TransactionType, _ status: TransactionStatus, amount: Int64, currency: Currency = .usd) -> Transaction {
                day += 1
                var row = Self.member(id, type, status, amount: amount, brand: "visa", currency: currency)
                row.createdAt = Fixtures.minutes(day * 24 * 60)
                return row
            }
            let big = member("t_big", .sale, .captured, amount: Int64.max - 10)
            try await store.write { try await $0.insert(big) }
            let more = member("t_more", .sale, .captured, amount: 11)
            await expectStoreError(.batchTotalsTooLarge) {
                try await store.write { try await $0.insert(more) }
            }
            #expect(try await store.read { try await $0.transaction(id: "t_more", merchantId: "m_1") } == nil)
            let fits = member("t_fits", .sale, .captured, amount: 10)
            try await store.write { try await $0.insert(fits) }
            var totals = try await store.read { try await $0.batchTotals(batchId: "b_1", merchantId: "m_1") }
            #expect(totals.totals == ["USD": Int64.max])

            // Down to Int64.min exactly, then one more refund minor unit is too far.
            let (r1, r2, r3) = (member("t_r1", .refund, .approved, amount: Int64.max, currency: .eur),
                                member("t_r2", .refund, .approved, amount: 1, currency: .eur),
                                member("t_r3", .refund, .approved, amount: 1, currency: .eur))
            try await store.write { try await $0.insert(r1) }
            try await store.write { try await $0.insert(r2) }
            totals = try await store.read { try await $0.batchTotals(batchId: "b_1", merchantId: "m_1") }
            #expect(totals.totals == ["USD": Int64.max, "EUR": Int64.min])
            await expectStoreError(.batchTotalsTooLarge) {
                try await store.write { try await $0.insert(r3) }
            }
            #expect(try await store.read { try await $0.batchTotals(batchId: "b_1", merchantId: "m_1") } == totals)
        }
    }

    static func member(
        _ id: String, _ type: TransactionType, _ status: TransactionStatus, amount: Int64, brand: String?,
        currency: Currency = .usd, parent: String? = nil, batch: String? = "b_1"
    ) -> Transaction {
        var row = Fixtures.transaction(id: id, type: type, status: status, parentId: parent, currency: currency, amount: amount)
        row.authorizedAmount = amount
        row.capturedAmount = status == .captured || type == .achDebit ? amount : 0
        row.card = brand.map { Fixtures.card(brand: $0) }
        row.batchId = batch
        return row
    }
}
