import Foundation
import GatewayAPI
import PaymentCore
import Storage

/// Checks a settings change field by field, naming the first field at fault (with its index
/// inside a list, e.g. `settlementBatchTimeSlots.0.timezoneName`), and turns it into a
/// ``PaymentSettingsChange``. The API and `tapline merchant settings` both go through here.
enum PaymentSettingsValidator {
    static let maxTipOptions = 10
    static let maxSettlementTimes = 24
    static let maxProfileIdLength = 255

    static func validate(_ request: UpdatePaymentSettingsRequest) throws -> PaymentSettingsChange {
        var change = PaymentSettingsChange()
        if let codes = request.availableCurrencies {
            let currencies = try list(codes, field: "availableCurrencies", problem: .unknownCurrency, what: "an ISO 4217 code such as USD") {
                Currency(code: $0)
            }
            change.add { $0.currencies = currencies }
        }
        if let option = request.zeroCostProcessingOption {
            let mode = option.mode
            change.add { $0.pricing.mode = mode }
        }
        if let rate = request.defaultSurchargeRate {
            if let rate { try check(rate, field: "defaultSurchargeRate") }
            change.add { $0.pricing.surchargeRate = rate }
        }
        if let rate = request.defaultCashDiscountRate {
            if let rate { try check(rate, field: "defaultCashDiscountRate") }
            change.add { $0.pricing.cashDiscountRate = rate }
        }
        if let rate = request.defaultDualPricingRate {
            if let rate { try check(rate, field: "defaultDualPricingRate") }
            change.add { $0.pricing.dualPricingRate = rate }
        }
        if let rate = request.taxRate {
            try check(rate, field: "taxRate")
            change.add { $0.pricing.taxRate = rate }
        }
        if let enabled = request.isTipsEnabled {
            change.add { $0.tipsEnabled = enabled }
        }
        if let tips = request.defaultTipsOptions {
            try tipOptions(tips)
            change.add { $0.tipPercentages = tips }
        }
        if let names = request.availableCardTypes {
            let brands = try list(names, field: "availableCardTypes", what: "a card brand such as visa, mastercard or amex") {
                PaymentOptionCatalog.cardBrand(named: $0)
            }.map(\.rawValue)
            change.add { $0.cardBrands = brands }
        }
        if let names = request.availableTransactionTypes {
            let types = try list(names, field: "availableTransactionTypes", what: "one of sale, authorization, capture, void, refund") {
                PaymentOptionCatalog.transactionType(named: $0)
            }
            change.add { $0.transactionTypes = types }
        }
        if let slots = request.settlementBatchTimeSlots {
            let times = try settlementTimes(slots)
            change.add { $0.settlementTimes = times }
        }
        if let avs = request.avs {
            let profile = try avsProfile(avs)
            change.add { settings in
                if let enabled = avs.isEnabled { settings.avs.enabled = enabled }
                if let profile { settings.avs.profile = profile }
            }
        }
        if let saving = request.isCustomerCardSavingByTerminalEnabled {
            change.add { $0.customerCardSavingEnabled = saving }
        }
        if let profileId = request.ttpIosTerminalProfileId {
            if let profileId, profileId.isEmpty || profileId.count > maxProfileIdLength || !profileId.allSatisfy(\.isPrintableASCII) {
                throw GatewayFailure.invalid(
                    "ttpIosTerminalProfileId", "ttpIosTerminalProfileId must be 1 to \(maxProfileIdLength) printable ASCII characters, or null")
            }
            change.add { $0.tapToPayTerminalProfileId = profileId }
        }
        if let id = request.acquirerMerchantId {
            if let id { try AcquirerIdRule.merchant.check(id) }
            change.add { $0.acquirerMerchantId = id }
        }
        if let id = request.acquirerTerminalId {
            if let id { try AcquirerIdRule.terminal.check(id) }
            change.add { $0.acquirerTerminalId = id }
        }
        if let waived = request.isSignatureWaived {
            change.add { $0.signatureWaived = waived }
        }
        if let identifier = request.appleMerchantIdentifier {
            if let identifier, identifier.isEmpty || identifier.count > maxProfileIdLength || !identifier.allSatisfy(\.isPrintableASCII) {
                throw GatewayFailure.invalid(
                    "appleMerchantIdentifier", "appleMerchantIdentifier must be 1 to \(maxProfileIdLength) printable ASCII characters, or null")
            }
            change.add { $0.appleMerchantIdentifier = identifier }
        }
        if let code = request.merchantCategoryCode {
            if let code, code.utf8.count != 4 || !code.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
                throw GatewayFailure.invalid(
                    "merchantCategoryCode", "merchantCategoryCode must be four digits (ISO 18245, ISO 8583 field 18), or null for 5999")
            }
            change.add { $0.merchantCategoryCode = code }
        }
        if let locale = request.locale {
            if let locale, !MerchantLocale.isKnown(locale) {
                throw GatewayFailure.invalid("locale", "locale must be a BCP 47 language and region the gateway knows (en-US, de-DE, ja-JP), or null for en-US")
            }
            change.add { $0.locale = locale }
        }
        return change
    }

    static func check(_ rate: Decimal, field: String) throws {
        if let problem = Percentage.problem(with: rate, field: field) { throw GatewayFailure.invalid(field, problem) }
    }

    /// A non-empty list of names, each known, none twice.
    private static func list<T: Equatable>(
        _ names: [String], field: String, problem: InputProblem = .malformed, what: String, lookup: (String) -> T?
    ) throws -> [T] {
        guard !names.isEmpty else { throw GatewayFailure.invalid(field, "\(field) must name at least one") }
        var found: [T] = []
        for (index, name) in names.enumerated() {
            guard let value = lookup(name) else {
                throw GatewayFailure.invalid("\(field).\(index)", "'\(name)' is not \(what)", problem)
            }
            guard !found.contains(value) else { throw GatewayFailure.invalid("\(field).\(index)", "'\(name)' is in \(field) twice") }
            found.append(value)
        }
        return found
    }

    private static func tipOptions(_ tips: [Decimal]) throws {
        guard tips.count <= maxTipOptions else {
            throw GatewayFailure.invalid("defaultTipsOptions", "defaultTipsOptions may hold at most \(maxTipOptions) percentages")
        }
        for (index, tip) in tips.enumerated() {
            try check(tip, field: "defaultTipsOptions.\(index)")
            guard !tips[..<index].contains(tip) else {
                throw GatewayFailure.invalid("defaultTipsOptions.\(index)", "\(tip) is in defaultTipsOptions twice")
            }
        }
    }

    private static func settlementTimes(_ slots: [SettlementBatchTimeSlot]) throws -> [SettlementTime] {
        guard slots.count <= maxSettlementTimes else {
            throw GatewayFailure.invalid("settlementBatchTimeSlots", "settlementBatchTimeSlots may hold at most \(maxSettlementTimes) times")
        }
        var times: [SettlementTime] = []
        for (index, slot) in slots.enumerated() {
            let field = "settlementBatchTimeSlots.\(index)"
            guard (0...23).contains(slot.hours) else { throw GatewayFailure.invalid("\(field).hours", "hours must be 0 to 23") }
            guard (0...59).contains(slot.minutes) else { throw GatewayFailure.invalid("\(field).minutes", "minutes must be 0 to 59") }
            let time = SettlementTime(hours: slot.hours, minutes: slot.minutes, timeZone: slot.timezoneName)
            guard time.isValid else {
                throw GatewayFailure.invalid(
                    "\(field).timezoneName", "'\(slot.timezoneName)' is not an IANA time zone name such as America/New_York or UTC")
            }
            guard !times.contains(time) else { throw GatewayFailure.invalid(field, "this time is in settlementBatchTimeSlots twice") }
            times.append(time)
        }
        return times
    }

    /// The profile the AVS change names by id or name (nil: keep the current one).
    private static func avsProfile(_ avs: AvsOptions) throws -> AVSSettings.Profile? {
        let byId = try avs.profileId.map { id in
            guard let profile = AVSSettings.Profile(rawValue: id) else {
                throw GatewayFailure.invalid("avs.profileId", "avs.profileId must be 1 (Strict), 2 (Moderate) or 3 (Tolerant)")
            }
            return profile
        }
        let byName = try avs.profile.map { name in
            guard let profile = AVSSettings.Profile(name: name) else {
                throw GatewayFailure.invalid("avs.profile", "avs.profile must be Strict, Moderate or Tolerant")
            }
            return profile
        }
        if let byId, let byName, byId != byName {
            throw GatewayFailure.invalid("avs.profile", "avs.profile and avs.profileId name different profiles")
        }
        return byId ?? byName
    }
}

extension Character {
    fileprivate var isPrintableASCII: Bool { isASCII && (asciiValue.map { (0x20...0x7E).contains($0) } ?? false) }
}
