import ArgumentParser
import Foundation
import Gateway
import GatewayAPI

/// `tapline merchant settings`: prints a merchant's payment settings as JSON, after changing
/// those given as options. The gateway's own checks apply, as for `PATCH /v1/settings/payment`.
struct MerchantSettingsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings", abstract: "Show a merchant's payment settings, or change them.",
        discussion: """
            Without options, prints the settings. Rates are decimal percentages (3.5 = 3.5 %); \
            "none" clears a default rate, the terminal profile or an acquirer id. Example:
              tapline merchant settings --merchant ID --zcp surcharge --surcharge-rate 3.5 \\
                --tip-options 15,18,20 --currencies USD,EUR --settlement-time 23:00 --time-zone America/New_York
              tapline merchant settings --merchant ID --acquirer-merchant-id 000000012345678 --acquirer-terminal-id TERM0001
            """)

    @Option(name: [.customLong("merchant"), .customLong("merchant-id")], help: "The merchant.") var merchantId: String
    @Option(help: "Accepted currencies, comma-separated ISO 4217 codes (USD,EUR).") var currencies: String?
    @Option(help: "Zero Cost Processing: noZeroCost, cashDiscount, dualPricing or surcharge.") var zcp: String?
    @Option(help: "Default credit-card surcharge rate, or none.") var surchargeRate: String?
    @Option(help: "Default cash discount rate, or none.") var cashDiscountRate: String?
    @Option(help: "Default dual pricing rate, or none.") var dualPricingRate: String?
    @Option(help: "Tax rate on the discounted amount.") var taxRate: String?
    @Option(help: "true or false.") var tipsEnabled: Bool?
    @Option(help: "Suggested tip percentages, comma-separated (15,18,20).") var tipOptions: String?
    @Option(help: "Card brands, comma-separated (visa,mastercard,amex,discover,…).") var cardTypes: String?
    @Option(help: "Transaction types, comma-separated (authorization,sale,capture,void,refund).") var transactionTypes: String?
    @Option(help: "Batch close times, comma-separated HH:MM (23:00). With --time-zone, or in the current slots' zone.")
    var settlementTime: String?
    @Option(help: "IANA time zone of the batch close times (America/New_York), which the dashboard's times are in too; alone, moves the current times.")
    var timeZone: String?
    @Option(help: "Address verification: true or false.") var avsEnabled: Bool?
    @Option(help: "AVS profile: Strict, Moderate or Tolerant.") var avsProfile: String?
    @Option(help: "Whether a terminal may save the customer's card: true or false.") var cardSaving: Bool?
    @Option(help: "Tap to Pay terminal profile id for iOS, or none.") var ttpProfileId: String?
    @Option(help: "The merchant's id at the acquirer (ISO 8583 field 42: 1 to 15 printable ASCII characters), or none.")
    var acquirerMerchantId: String?
    @Option(help: "The merchant's terminal id at the acquirer (ISO 8583 field 41: 1 to 8 printable ASCII characters), or none.")
    var acquirerTerminalId: String?
    @Option(help: "Capture a tapped card that asks for a signature without one (the merchant bears the chargeback risk): true or false.")
    var signatureWaived: Bool?
    @Option(help: "The merchant's identifier at Apple for Tap to Pay on iPhone (signed reader tokens may carry it), or none.")
    var appleMerchantIdentifier: String?
    @Option(help: "The merchant category code sent in ISO 8583 field 18 (four digits, ISO 18245), or none for the default 5999.")
    var merchantCategoryCode: String?
    @Option(help: "How the dashboard and receipts write money and dates: a BCP 47 language and region (en-US, de-DE, ja-JP), or none for en-US.")
    var locale: String?
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let settings = try await store.withAdmin { admin in
            let current = try await admin.paymentSettings(merchantId: merchantId)
            let change = try request(current: current)
            return change == UpdatePaymentSettingsRequest() ? current : try await admin.updatePaymentSettings(merchantId: merchantId, change)
        }
        let encoder = APIJSON.encoder
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        print(String(decoding: try encoder.encode(settings), as: UTF8.self))
    }

    /// The change the options ask for (nothing given: no change).
    func request(current: PaymentSettingsResponse) throws -> UpdatePaymentSettingsRequest {
        var change = UpdatePaymentSettingsRequest()
        change.availableCurrencies = currencies.map(Self.list)
        if let zcp {
            guard let option = ZeroCostProcessingOption.allCases.first(where: { $0.rawValue.lowercased() == zcp.lowercased() }) else {
                throw ValidationError("--zcp must be one of \(ZeroCostProcessingOption.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            change.zeroCostProcessingOption = option
        }
        change.defaultSurchargeRate = try surchargeRate.map { try Self.clearableRate($0, "--surcharge-rate") }
        change.defaultCashDiscountRate = try cashDiscountRate.map { try Self.clearableRate($0, "--cash-discount-rate") }
        change.defaultDualPricingRate = try dualPricingRate.map { try Self.clearableRate($0, "--dual-pricing-rate") }
        change.taxRate = try taxRate.map { try Self.rate($0, "--tax-rate") }
        change.isTipsEnabled = tipsEnabled
        change.defaultTipsOptions = try tipOptions.map { try Self.list($0).map { try Self.rate($0, "--tip-options") } }
        change.availableCardTypes = cardTypes.map(Self.list)
        change.availableTransactionTypes = transactionTypes.map(Self.list)
        change.settlementBatchTimeSlots = try slots(current: current)
        if avsEnabled != nil || avsProfile != nil {
            change.avs = AvsOptions(isEnabled: avsEnabled, profileId: nil, profile: avsProfile)
        }
        change.isCustomerCardSavingByTerminalEnabled = cardSaving
        change.ttpIosTerminalProfileId = ttpProfileId.map(Self.clearable)
        change.acquirerMerchantId = acquirerMerchantId.map(Self.clearable)
        change.acquirerTerminalId = acquirerTerminalId.map(Self.clearable)
        change.isSignatureWaived = signatureWaived
        change.appleMerchantIdentifier = appleMerchantIdentifier.map(Self.clearable)
        change.merchantCategoryCode = merchantCategoryCode.map(Self.clearable)
        change.locale = locale.map(Self.clearable)
        return change
    }

    private func slots(current: PaymentSettingsResponse) throws -> [SettlementBatchTimeSlot]? {
        let currentSlots = current.availablePaymentProcessors.first?.settlementBatchTimeSlots ?? []
        if let settlementTime {
            let zone = timeZone ?? currentSlots.first?.timezoneName ?? "UTC"
            return try Self.list(settlementTime).map { text in
                let parts = text.split(separator: ":", omittingEmptySubsequences: false)
                guard parts.count == 2, parts.allSatisfy({ (1...2).contains($0.count) }),
                      let hours = Int(parts[0]), let minutes = Int(parts[1]) else {
                    throw ValidationError("--settlement-time takes HH:MM times, e.g. 23:00")
                }
                return SettlementBatchTimeSlot(hours: hours, minutes: minutes, timezoneName: zone)
            }
        }
        guard let timeZone else { return nil }
        return currentSlots.map { SettlementBatchTimeSlot(hours: $0.hours, minutes: $0.minutes, timezoneName: timeZone) }
    }

    private static func list(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// A plain decimal ("3.5"): no exponent, no grouping, no percent sign.
    private static func rate(_ text: String, _ option: String) throws -> Decimal {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let isPlain = parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
        guard isPlain, let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
            throw ValidationError("\(option) takes a decimal percentage such as 3.5, got '\(text)'")
        }
        return value
    }

    /// "none" (any case) clears the setting; anything else is the new value, checked by the gateway.
    private static func clearable(_ text: String) -> String? {
        text.lowercased() == "none" ? nil : text
    }

    private static func clearableRate(_ text: String, _ option: String) throws -> Decimal? {
        text.lowercased() == "none" ? nil : try rate(text, option)
    }
}
