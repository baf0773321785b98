import Foundation
import PaymentCore
import SQLiteNIO
import Storage
@testable import StorageSQLite
import Testing
import TestSupport

/// Payment settings in SQLite: exact TEXT rates, and migration 4 on a database that has merchants.
extension SQLiteStoreTests {
    @Test func ratesAndTipsAreExactText() async throws {
        try await withDatabase { file in
            let rows = try await withStore(file) { store in
                var merchant = Fixtures.merchant()
                merchant.paymentSettings = StorePaymentSettingsContractTests.everyField
                try await store.write { [merchant] in try await $0.insert(merchant) }
                return try await store.readConnection.query("""
                    SELECT typeof(surcharge_rate) || typeof(cash_discount_rate) || typeof(dual_pricing_rate) || typeof(tax_rate) AS types,
                        surcharge_rate, cash_discount_rate, tax_rate, tip_options
                    FROM merchants
                    """)
            }
            let row = try #require(rows.first)
            #expect(row.column("types")?.string == "texttexttexttext")
            #expect(row.column("surcharge_rate")?.string == "3.333")
            #expect(row.column("cash_discount_rate")?.string == "0.0001")
            #expect(row.column("tax_rate")?.string == "8.875")
            #expect(row.column("tip_options")?.string == #"["12.5","15","20.25"]"#)
        }
    }

    @Test func aVersionThreeDatabaseKeepsItsTipPercentagesAndGainsDefaults() async throws {
        try await withDatabase { file in
            try await withStore(file, migrations: SQLiteSchema.migrations.filter { $0.version <= 3 }) { store in
                try await store.insertVersionOneMerchant(id: "m_old", tipPercentages: "[10,12,25]")
                try await store.insertVersionOneMerchant(id: "m_none", tipPercentages: "[]")
            }
            try await withStore(file) { store in
                #expect(try await store.appliedMigrations().map(\.version) == SQLiteSchema.migrations.map(\.version))
                let old = try #require(try await store.read { try await $0.merchant(id: "m_old") })
                var expected = PaymentSettings()
                expected.tipPercentages = [10, 12, 25]
                #expect(old.paymentSettings == expected)
                #expect(old.authorizationWindow == 3_600)
                #expect(try await store.read { try await $0.merchant(id: "m_none") }?.paymentSettings.tipPercentages == [])
                let columns = try await store.readConnection.query("SELECT name FROM pragma_table_info('merchants')")
                #expect(!columns.contains { $0.column("name")?.string == "tip_percentages" })
            }
        }
    }

    @Test func aCorruptRateIsReportedNotGuessed() async throws {
        try await withDatabase { file in
            try await withStore(file) { store in
                try await store.seed()
                _ = try await store.writeConnection.query("UPDATE merchants SET surcharge_rate = '3.5%' WHERE id = 'm_1'")
                await #expect(throws: StoreError.self) { try await store.read { try await $0.merchant(id: "m_1") } }
            }
        }
    }
}

extension SQLiteStore {
    /// A merchant row as migrations 1 to 3 had it, before payment settings.
    func insertVersionOneMerchant(id: String, tipPercentages: String) async throws {
        _ = try await writeConnection.query(
            "INSERT INTO merchants (id, name, authorization_window, tip_percentages, created_at) VALUES (?, ?, ?, ?, ?)",
            [.text(id), .text("Old \(id)"), .float(3_600), .text(tipPercentages), .integer(1_750_000_000_000)])
    }
}

/// The payment breakdown in SQLite (migration 5): rates as exact TEXT, amounts as INTEGER.
extension SQLiteStoreTests {
    @Test func breakdownRatesAreExactTextAndAmountsIntegers() async throws {
        try await withDatabase { file in
            let rows = try await withStore(file) { store in
                try await store.seed(transactions: [Fixtures.fullTransaction()])
                return try await store.readConnection.query("""
                    SELECT typeof(breakdown_tax_rate) || typeof(breakdown_surcharge_rate) AS rates,
                        typeof(breakdown_subtotal) || typeof(breakdown_tax_amount) || typeof(breakdown_tip_amount)
                            || typeof(breakdown_surcharge_amount) AS amounts,
                        breakdown_tax_rate, breakdown_surcharge_rate, breakdown_tip_type
                    FROM transactions
                    """)
            }
            let row = try #require(rows.first)
            #expect(row.column("rates")?.string == "texttext")
            #expect(row.column("amounts")?.string == String(repeating: "integer", count: 4))
            #expect(row.column("breakdown_tax_rate")?.string == "0.0875")
            #expect(row.column("breakdown_surcharge_rate")?.string == "0.031234")
            #expect(row.column("breakdown_tip_type")?.string == "percentage")
        }
    }
}
