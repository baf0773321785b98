import Foundation
import PaymentCore
import Storage

extension SQLTables {
    /// A merchant with its payment settings flattened into columns (SQLite migration 4; the
    /// acquirer ids migration 12; the signature waiver 26; the Apple merchant identifier 28; the MCC 30; the locale 37), and its receipt profile as JSON (migration 17).
    /// Rates are TEXT decimals; lists are JSON text.
    static let merchants = SQLTable<Merchant>("merchants", key: ["id"], columns: [
        Column(name: "id") { .text($0.id) },
        Column(name: "name") { .text($0.name) },
        Column(name: "authorization_window") { .float($0.authorizationWindow) },
        Column(name: "created_at") { SQLValue.date($0.createdAt) },
        Column(name: "accepted_currencies") { try SQLValue.json($0.paymentSettings.currencies) },
        Column(name: "zero_cost_processing") { .text($0.paymentSettings.pricing.mode.rawValue) },
        Column(name: "surcharge_rate") { SQLValue.decimal($0.paymentSettings.pricing.surchargeRate) },
        Column(name: "cash_discount_rate") { SQLValue.decimal($0.paymentSettings.pricing.cashDiscountRate) },
        Column(name: "dual_pricing_rate") { SQLValue.decimal($0.paymentSettings.pricing.dualPricingRate) },
        Column(name: "tax_rate") { SQLValue.decimal($0.paymentSettings.pricing.taxRate) },
        Column(name: "tips_enabled") { .bool($0.paymentSettings.tipsEnabled) },
        Column(name: "tip_options") { try SQLValue.json($0.paymentSettings.tipPercentages.map(\.description)) },
        Column(name: "card_brands") { try SQLValue.json($0.paymentSettings.cardBrands) },
        Column(name: "transaction_types") { try SQLValue.json($0.paymentSettings.transactionTypes) },
        Column(name: "settlement_times") { try SQLValue.json($0.paymentSettings.settlementTimes) },
        Column(name: "avs_enabled") { .bool($0.paymentSettings.avs.enabled) },
        Column(name: "avs_profile") { SQLValue.integer($0.paymentSettings.avs.profile?.rawValue) },
        Column(name: "customer_card_saving") { .bool($0.paymentSettings.customerCardSavingEnabled) },
        Column(name: "tap_to_pay_terminal_profile_id") { SQLValue.text($0.paymentSettings.tapToPayTerminalProfileId) },
        Column(name: "acquirer_merchant_id") { SQLValue.text($0.paymentSettings.acquirerMerchantId) },
        Column(name: "acquirer_terminal_id") { SQLValue.text($0.paymentSettings.acquirerTerminalId) },
        Column(name: "profile") { try SQLValue.json($0.profile) },
        Column(name: "signature_waived") { .bool($0.paymentSettings.signatureWaived) },
        Column(name: "apple_merchant_identifier") { SQLValue.text($0.paymentSettings.appleMerchantIdentifier) },
        Column(name: "merchant_category_code") { SQLValue.text($0.paymentSettings.merchantCategoryCode) },
        Column(name: "locale") { SQLValue.text($0.paymentSettings.locale) },
    ]) { row in
        let pricing = PricingSettings(
            mode: try row.value(ZeroCostProcessingMode.self, "zero_cost_processing"),
            surchargeRate: try row.optionalDecimal("surcharge_rate"), cashDiscountRate: try row.optionalDecimal("cash_discount_rate"),
            dualPricingRate: try row.optionalDecimal("dual_pricing_rate"), taxRate: try row.decimal("tax_rate"))
        let avsProfile = try row.optionalInt("avs_profile").map { id in
            guard let profile = AVSSettings.Profile(rawValue: id) else { throw StoreError.corrupt("merchants.avs_profile \(id) is unknown") }
            return profile
        }
        let settings = PaymentSettings(
            currencies: try row.json([Currency].self, "accepted_currencies"), pricing: pricing, tipsEnabled: try row.bool("tips_enabled"),
            tipPercentages: try row.decimals("tip_options"), cardBrands: try row.json([String].self, "card_brands"),
            transactionTypes: try row.json([TransactionType].self, "transaction_types"),
            settlementTimes: try row.json([SettlementTime].self, "settlement_times"),
            avs: AVSSettings(enabled: try row.bool("avs_enabled"), profile: avsProfile),
            customerCardSavingEnabled: try row.bool("customer_card_saving"),
            tapToPayTerminalProfileId: try row.optionalText("tap_to_pay_terminal_profile_id"),
            acquirerMerchantId: try row.optionalText("acquirer_merchant_id"), acquirerTerminalId: try row.optionalText("acquirer_terminal_id"),
            signatureWaived: try row.bool("signature_waived"),
            appleMerchantIdentifier: try row.optionalText("apple_merchant_identifier"),
            merchantCategoryCode: try row.optionalText("merchant_category_code"), locale: try row.optionalText("locale"))
        var merchant = Merchant(
            id: try row.text("id"), name: try row.text("name"), authorizationWindow: try row.double("authorization_window"),
            paymentSettings: settings, createdAt: try row.date("created_at"))
        merchant.profile = try row.json(MerchantProfile.self, "profile")
        return merchant
    }
}
