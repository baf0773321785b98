import Foundation
import PaymentCore
import Storage
import Testing
import TestSupport

/// A merchant's payment settings, on every store: defaults, every field, exact rates.
@Suite("Store contract: payment settings")
struct StorePaymentSettingsContractTests {
    /// Every field away from its default; rates that binary floating point cannot hold.
    static let everyField = PaymentSettings(
        currencies: [.eur, .jpy, .kwd],
        pricing: PricingSettings(
            mode: .dualPricing, surchargeRate: Decimal(string: "3.333")!, cashDiscountRate: Decimal(string: "0.0001")!,
            dualPricingRate: Decimal(string: "99.9999")!, taxRate: Decimal(string: "8.875")!),
        tipsEnabled: false, tipPercentages: [Decimal(string: "12.5")!, 15, Decimal(string: "20.25")!], cardBrands: ["amex", "visa"],
        transactionTypes: [.sale, .refund],
        settlementTimes: [
            SettlementTime(hours: 22, minutes: 30, timeZone: "America/New_York"), SettlementTime(hours: 6, minutes: 5, timeZone: "Asia/Tokyo"),
        ],
        avs: AVSSettings(enabled: true, profile: .moderate), customerCardSavingEnabled: true, tapToPayTerminalProfileId: "ttp-profile-9",
        // The longest ids ISO 8583 takes (15 and 8), with the characters most likely to be mangled.
        acquirerMerchantId: #" 'Zoe"\%_;--~ X"#, acquirerTerminalId: "TERM0001", signatureWaived: true,
        appleMerchantIdentifier: "merchant.com.example.zoe's", merchantCategoryCode: "5812", locale: "de-DE")

    @Test(arguments: StoreFactories.all)
    func aNewMerchantHasTheDefaults(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed()
            let settings = try #require(try await store.read { try await $0.merchant(id: "m_1") }).paymentSettings
            #expect(settings == PaymentSettings())
            #expect(settings.currencies == [.usd])
            #expect(settings.pricing == PricingSettings(mode: .noZeroCost, taxRate: 0))
            #expect(settings.tipsEnabled)
            #expect(settings.tipPercentages == [15, 18, 20])
            #expect(settings.settlementTimes == [SettlementTime(hours: 23, minutes: 0, timeZone: "UTC")])
            #expect(settings.avs == AVSSettings(enabled: false, profile: nil))
            #expect(!settings.customerCardSavingEnabled)
            #expect(settings.tapToPayTerminalProfileId == nil)
            #expect(settings.acquirerMerchantId == nil)
            #expect(settings.acquirerTerminalId == nil)
            #expect(settings.appleMerchantIdentifier == nil)
            #expect(settings.merchantCategoryCode == nil)
            #expect(settings.locale == nil)
        }
    }

    @Test(arguments: StoreFactories.all)
    func everyFieldRoundTripsExactly(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed()
            var merchant = try #require(try await store.read { try await $0.merchant(id: "m_1") })
            merchant.paymentSettings = Self.everyField
            try await store.write { [merchant] in try await $0.update(merchant) }
            let read = try #require(try await store.read { try await $0.merchant(id: "m_1") })
            #expect(read.paymentSettings == Self.everyField)
            #expect(read.paymentSettings.pricing.surchargeRate?.description == "3.333")
            #expect(read.paymentSettings.pricing.cashDiscountRate?.description == "0.0001")
            #expect(read.paymentSettings.acquirerMerchantId?.utf8.count == 15)
            #expect(read.paymentSettings.acquirerTerminalId == "TERM0001")
            #expect(read.paymentSettings.appleMerchantIdentifier == "merchant.com.example.zoe's")
            #expect(read.paymentSettings.merchantCategoryCode == "5812")
            #expect(read.paymentSettings.locale == "de-DE")
            // Another merchant's settings stay as they were.
            #expect(try await store.read { try await $0.merchant(id: "m_2") }?.paymentSettings == PaymentSettings())
        }
    }

    @Test(arguments: StoreFactories.all)
    func settingsGivenAtInsertAreKeptAndRatesCanBeCleared(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            var merchant = Fixtures.merchant()
            merchant.paymentSettings = Self.everyField
            try await store.write { [merchant] in try await $0.insert(merchant) }
            #expect(try await store.read { try await $0.merchant(id: "m_1") } == merchant)

            merchant.paymentSettings.pricing.surchargeRate = nil
            merchant.paymentSettings.pricing.cashDiscountRate = nil
            merchant.paymentSettings.pricing.dualPricingRate = nil
            merchant.paymentSettings.avs.profile = nil
            merchant.paymentSettings.tapToPayTerminalProfileId = nil
            merchant.paymentSettings.acquirerMerchantId = nil
            merchant.paymentSettings.acquirerTerminalId = nil
            merchant.paymentSettings.appleMerchantIdentifier = nil
            merchant.paymentSettings.locale = nil
            merchant.paymentSettings.tipPercentages = []
            merchant.paymentSettings.settlementTimes = []
            try await store.write { [merchant] in try await $0.update(merchant) }
            #expect(try await store.read { try await $0.merchant(id: "m_1") } == merchant)
        }
    }

    @Test(arguments: StoreFactories.all)
    func aFailedWriteLeavesTheSettingsAsTheyWere(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            try await store.seed()
            await #expect(throws: DeliberateFailure.self) {
                try await store.write { writer in
                    var merchant = try #require(try await writer.merchant(id: "m_1"))
                    merchant.paymentSettings = Self.everyField
                    try await writer.update(merchant)
                    throw DeliberateFailure()
                }
            }
            #expect(try await store.read { try await $0.merchant(id: "m_1") }?.paymentSettings == PaymentSettings())
        }
    }
}
