import Foundation
import PaymentCore
import Storage
import Testing
import TestSupport

/// The dashboard's daily volume on every store: approved, declined and refunded per UTC
/// day, one merchant and currency, days without any left out.
@Suite("Store contract: daily volume")
struct StoreVolumeContractTests {
    static let day: TimeInterval = 86_400

    static func row(_ id: String, _ type: TransactionType, _ status: TransactionStatus, amount: Int64, approved: Int64 = 0,
                    at seconds: TimeInterval, merchant: String = "m_1", currency: Currency = .usd, parent: String? = nil) -> Transaction {
        var row = Fixtures.transaction(id: id, merchantId: merchant, type: type, status: status, currency: currency, amount: amount)
        row.createdAt = Date(timeIntervalSince1970: seconds)
        row.authorizedAmount = approved
        row.parentId = parent
        return row
    }

    @Test(arguments: StoreFactories.all)
    func volumeIsCountedPerDay(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let d0 = 20_000 * Self.day
            try await store.seed(transactions: [
                Self.row("a", .sale, .captured, amount: 1_000, approved: 1_000, at: d0 + 10),
                Self.row("b", .sale, .refunded, amount: 500, approved: 500, at: d0 + 20),
                Self.row("c", .authorization, .captured, amount: 2_000, approved: 1_000, at: d0 + Self.day - 0.001),
                Self.row("d", .sale, .declined, amount: 700, at: d0 + 30),
                Self.row("e", .refund, .approved, amount: 500, at: d0 + Self.day + 5, parent: "b"),
                Self.row("f", .capture, .approved, amount: 1_000, at: d0 + 40, parent: "c"),
                Self.row("g", .sale, .failed, amount: 900, at: d0 + 50),
                Self.row("h", .sale, .captured, amount: 300, approved: 300, at: d0 + 60, currency: .eur),
                Self.row("i", .sale, .captured, amount: 300, approved: 300, at: d0 + 60, merchant: "m_2"),
                Self.row("j", .sale, .captured, amount: 300, approved: 300, at: d0 + 5 * Self.day),
            ])
            let days = try await store.read {
                try await $0.dailyVolume(
                    merchantId: "m_1", currency: "USD", from: Date(timeIntervalSince1970: d0), to: Date(timeIntervalSince1970: d0 + 3 * Self.day))
            }
            var first = DailyVolume(day: 20_000)
            first.approvedAmount = 2_500
            first.approvedCount = 3
            first.declinedAmount = 700
            first.declinedCount = 1
            var second = DailyVolume(day: 20_001)
            second.refundedAmount = 500
            second.refundedCount = 1
            #expect(days == [first, second])
        }
    }
}
