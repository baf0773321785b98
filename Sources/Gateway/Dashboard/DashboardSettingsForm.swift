import Foundation
import GatewayAPI
import Storage

/// The payment settings form, both ways: the stored settings as the form's text, and what
/// the form sent as the API's `UpdatePaymentSettingsRequest`, so the dashboard saves through
/// the same validator (`PaymentSettingsValidator`) as `PATCH /v1/settings/payment`. Lists are typed
/// comma-separated; an empty optional field means "none".
struct DashboardSettingsForm: Sendable {
    /// Every field, in the order the page shows them.
    static let order = [
        "availableCurrencies", "availableCardTypes", "availableTransactionTypes", "zeroCostProcessingOption", "defaultSurchargeRate",
        "defaultCashDiscountRate", "defaultDualPricingRate", "taxRate", "isTipsEnabled", "defaultTipsOptions", "settlementBatchTimeSlots",
        "avsEnabled", "avsProfile", "isCustomerCardSavingByTerminalEnabled", "ttpIosTerminalProfileId", "acquirerMerchantId", "acquirerTerminalId",
        "isSignatureWaived", "appleMerchantIdentifier", "merchantCategoryCode", "locale",
    ]
    /// The fields that are checkboxes: on when sent as "on", off when not sent.
    static let checkboxes: Set<String> = ["isTipsEnabled", "avsEnabled", "isCustomerCardSavingByTerminalEnabled", "isSignatureWaived"]
    static let fields = Set(order + ["csrf"])

    /// What each field is called on the page, with its example.
    static let labels: [String: String] = [
        "availableCurrencies": "Currencies (ISO codes, comma-separated: USD, EUR)",
        "zeroCostProcessingOption": "Zero-cost processing",
        "defaultSurchargeRate": "Surcharge rate, % (empty for none)",
        "defaultCashDiscountRate": "Cash discount rate, % (empty for none)",
        "defaultDualPricingRate": "Dual pricing rate, % (empty for none)",
        "taxRate": "Tax rate, %",
        "defaultTipsOptions": "Suggested tips, % (comma-separated: 15, 18, 20)",
        "availableCardTypes": "Card brands (visa, mastercard, amex, discover…)",
        "availableTransactionTypes": "Transaction types (sale, authorization, capture, void, refund)",
        "settlementBatchTimeSlots": "Batch close times (HH:MM zone, comma-separated: 23:00 America/New_York); the first one's zone is these pages' time zone",
        "avsProfile": "Address verification profile",
        "ttpIosTerminalProfileId": "Tap to Pay terminal profile id (empty for none)",
        "acquirerMerchantId": "Acquirer merchant id, ISO 8583 field 42 (empty for none)",
        "acquirerTerminalId": "Acquirer terminal id, ISO 8583 field 41 (empty for none)",
        "appleMerchantIdentifier": "Merchant identifier at Apple, for Tap to Pay on iPhone (empty for none)",
        "merchantCategoryCode": "Merchant category code, ISO 8583 field 18 (empty for 5999)",
        "locale": "Language and region for money and dates on these pages and receipts (en-US, de-DE, ja-JP; empty for en-US)",
        "isTipsEnabled": "Tips on",
        "avsEnabled": "Address verification on",
        "isCustomerCardSavingByTerminalEnabled": "Card saving by terminal on",
        "isSignatureWaived": "Capture taps that ask for a signature without one (you bear the chargeback risk)",
    ]

    /// Each field's text as the form shows it; a checkbox is on when its value is "on".
    var values: [String: String]

    init(values: [String: String]) {
        self.values = values
    }

    /// The stored settings as the form shows them.
    init(_ settings: PaymentSettings) {
        let pricing = settings.pricing
        values = [
            "availableCurrencies": settings.currencies.map(\.code).joined(separator: ", "),
            "zeroCostProcessingOption": ZeroCostProcessingOption(pricing.mode).rawValue,
            "defaultSurchargeRate": pricing.surchargeRate.map(Self.text) ?? "",
            "defaultCashDiscountRate": pricing.cashDiscountRate.map(Self.text) ?? "",
            "defaultDualPricingRate": pricing.dualPricingRate.map(Self.text) ?? "",
            "taxRate": Self.text(pricing.taxRate),
            "defaultTipsOptions": settings.tipPercentages.map(Self.text).joined(separator: ", "),
            "availableCardTypes": settings.cardBrands.joined(separator: ", "),
            "availableTransactionTypes": settings.transactionTypes.map(\.rawValue).joined(separator: ", "),
            "settlementBatchTimeSlots": settings.settlementTimes.map {
                String(format: "%02d:%02d ", $0.hours, $0.minutes) + $0.timeZone
            }.joined(separator: ", "),
            "avsProfile": settings.avs.profile?.name ?? "",
            "ttpIosTerminalProfileId": settings.tapToPayTerminalProfileId ?? "",
            "acquirerMerchantId": settings.acquirerMerchantId ?? "",
            "acquirerTerminalId": settings.acquirerTerminalId ?? "",
            "appleMerchantIdentifier": settings.appleMerchantIdentifier ?? "",
            "merchantCategoryCode": settings.merchantCategoryCode ?? "",
            "locale": settings.locale ?? "",
            "isTipsEnabled": settings.tipsEnabled ? "on" : "",
            "avsEnabled": settings.avs.enabled ? "on" : "",
            "isCustomerCardSavingByTerminalEnabled": settings.customerCardSavingEnabled ? "on" : "",
            "isSignatureWaived": settings.signatureWaived ? "on" : "",
        ]
    }

    /// The change the form asks for, every field set; a field the API would refuse, or text
    /// that is not a number or a time where one is needed, throws `GatewayFailure.invalid` naming it.
    func request() throws -> UpdatePaymentSettingsRequest {
        guard let option = ZeroCostProcessingOption(rawValue: self["zeroCostProcessingOption"]) else {
            throw GatewayFailure.invalid("zeroCostProcessingOption", "zeroCostProcessingOption must be one of the listed options")
        }
        let profile = self["avsProfile"]
        return UpdatePaymentSettingsRequest(
            availableCurrencies: Self.list(self["availableCurrencies"]).map { $0.uppercased() },
            zeroCostProcessingOption: option,
            defaultSurchargeRate: .some(try optionalRate("defaultSurchargeRate")),
            defaultCashDiscountRate: .some(try optionalRate("defaultCashDiscountRate")),
            defaultDualPricingRate: .some(try optionalRate("defaultDualPricingRate")),
            taxRate: try optionalRate("taxRate") ?? 0,
            isTipsEnabled: isOn("isTipsEnabled"),
            defaultTipsOptions: try Self.list(self["defaultTipsOptions"]).enumerated().map { try Self.number($1, field: "defaultTipsOptions.\($0)") },
            availableCardTypes: Self.list(self["availableCardTypes"]),
            availableTransactionTypes: Self.list(self["availableTransactionTypes"]),
            settlementBatchTimeSlots: try Self.list(self["settlementBatchTimeSlots"]).enumerated().map { try Self.slot($1, index: $0) },
            avs: AvsOptions(isEnabled: isOn("avsEnabled"), profileId: nil, profile: profile.isEmpty ? nil : profile),
            isCustomerCardSavingByTerminalEnabled: isOn("isCustomerCardSavingByTerminalEnabled"),
            ttpIosTerminalProfileId: .some(optionalText("ttpIosTerminalProfileId")),
            acquirerMerchantId: .some(optionalText("acquirerMerchantId")),
            acquirerTerminalId: .some(optionalText("acquirerTerminalId")),
            isSignatureWaived: isOn("isSignatureWaived"),
            appleMerchantIdentifier: .some(optionalText("appleMerchantIdentifier")),
            merchantCategoryCode: .some(optionalText("merchantCategoryCode")), locale: .some(optionalText("locale")))
    }

    subscript(_ name: String) -> String { values[name] ?? "" }

    private func isOn(_ name: String) -> Bool { self[name] == "on" }

    private func optionalText(_ name: String) -> String? {
        let text = self[name].trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? nil : text
    }

    private func optionalRate(_ name: String) throws -> Decimal? {
        try optionalText(name).map { try Self.number($0, field: name) }
    }

    private static func list(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// A percentage as typed: digits with at most one point, nothing else (Decimal(string:)
    /// alone would read "3abc" as 3).
    private static func number(_ text: String, field: String) throws -> Decimal {
        guard text.count <= 20, text.wholeMatch(of: /[0-9]+(\.[0-9]+)?/) != nil,
              let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
            throw GatewayFailure.invalid(field, "\(field) must be a percentage such as 3.5, not '\(text.prefix(20))'")
        }
        return value
    }

    /// "HH:MM Zone", such as "23:00 America/New_York".
    private static func slot(_ text: String, index: Int) throws -> SettlementBatchTimeSlot {
        let field = "settlementBatchTimeSlots.\(index)"
        guard let match = text.wholeMatch(of: /([0-9]{1,2}):([0-9]{2})\s+(\S{1,64})/), let hours = Int(match.1), let minutes = Int(match.2) else {
            throw GatewayFailure.invalid(field, "each settlement time is HH:MM and a time zone, such as 23:00 America/New_York, not '\(text.prefix(40))'")
        }
        return SettlementBatchTimeSlot(hours: hours, minutes: minutes, timezoneName: String(match.3))
    }

    private static func text(_ value: Decimal) -> String { "\(value)" }
}
