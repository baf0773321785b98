import Foundation

/// `GET /v1/settings/payment` (ARISE `PaymentSettingsResponse`): the merchant's payment
/// configuration. Rates are exact decimal percentages.
public struct PaymentSettingsResponse: Codable, Sendable, Equatable {
    /// ISO 4217 numeric id and code, e.g. {840, "USD"}.
    public var availableCurrencies: [NamedOption]
    public var zeroCostProcessingOption: ZeroCostProcessingOption
    public var defaultSurchargeRate: Decimal?
    public var defaultCashDiscountRate: Decimal?
    public var defaultDualPricingRate: Decimal?
    public var isTipsEnabled: Bool
    /// Suggested tips, as percentages (15, 18, 20).
    public var defaultTipsOptions: [Decimal]?
    /// e.g. {1, "Visa"}.
    public var availableCardTypes: [NamedOption]
    /// e.g. {2, "Sale"} (ARISE `OperationType` ids).
    public var availableTransactionTypes: [NamedOption]
    public var availablePaymentProcessors: [PaymentProcessorOption]
    public var avs: AvsOptions?
    public var isCustomerCardSavingByTerminalEnabled: Bool
    public var ttpIosTerminalProfileId: String?
    /// Tax on the discounted amount, every tender (a Tapline addition to the ARISE shape).
    public var taxRate: Decimal?
    /// The merchant's id at the acquirer, ISO 8583 field 42; absent until set (Tapline).
    public var acquirerMerchantId: String?
    /// The merchant's terminal id at the acquirer, ISO 8583 field 41; absent until set (Tapline).
    public var acquirerTerminalId: String?
    /// Whether a tapped card that asks for a signature is captured without one (Tapline);
    /// false (the default): such a payment is held until the signature is stored.
    public var isSignatureWaived: Bool
    /// The merchant's identifier at Apple for Tap to Pay on iPhone; absent until set (Tapline).
    public var appleMerchantIdentifier: String?
    /// The merchant category code sent in ISO 8583 field 18: the merchant's, or 5999 when it
    /// set none (Tapline).
    public var merchantCategoryCode: String?
    /// How the dashboard and receipts write money and dates (BCP 47): the merchant's, or
    /// en-US when it set none (Tapline).
    public var locale: String

    public init(availableCurrencies: [NamedOption], zeroCostProcessingOption: ZeroCostProcessingOption, defaultSurchargeRate: Decimal?,
                defaultCashDiscountRate: Decimal?, defaultDualPricingRate: Decimal?, isTipsEnabled: Bool, defaultTipsOptions: [Decimal]?,
                availableCardTypes: [NamedOption], availableTransactionTypes: [NamedOption],
                availablePaymentProcessors: [PaymentProcessorOption], avs: AvsOptions?, isCustomerCardSavingByTerminalEnabled: Bool,
                ttpIosTerminalProfileId: String?, taxRate: Decimal? = nil, acquirerMerchantId: String? = nil,
                acquirerTerminalId: String? = nil, isSignatureWaived: Bool = false, appleMerchantIdentifier: String? = nil,
                merchantCategoryCode: String? = nil, locale: String = "en-US") {
        self.availableCurrencies = availableCurrencies
        self.zeroCostProcessingOption = zeroCostProcessingOption
        self.defaultSurchargeRate = defaultSurchargeRate
        self.defaultCashDiscountRate = defaultCashDiscountRate
        self.defaultDualPricingRate = defaultDualPricingRate
        self.isTipsEnabled = isTipsEnabled
        self.defaultTipsOptions = defaultTipsOptions
        self.availableCardTypes = availableCardTypes
        self.availableTransactionTypes = availableTransactionTypes
        self.availablePaymentProcessors = availablePaymentProcessors
        self.avs = avs
        self.isCustomerCardSavingByTerminalEnabled = isCustomerCardSavingByTerminalEnabled
        self.ttpIosTerminalProfileId = ttpIosTerminalProfileId
        self.taxRate = taxRate
        self.acquirerMerchantId = acquirerMerchantId
        self.acquirerTerminalId = acquirerTerminalId
        self.isSignatureWaived = isSignatureWaived
        self.appleMerchantIdentifier = appleMerchantIdentifier
        self.merchantCategoryCode = merchantCategoryCode
        self.locale = locale
    }
}

/// An option with a numeric id and a name (ARISE `NamedOption`).
public struct NamedOption: Codable, Sendable, Equatable {
    public var id: Int
    public var name: String?

    public init(id: Int, name: String?) {
        self.id = id
        self.name = name
    }
}

/// A processor the merchant can use (ARISE `PaymentProcessor`).
public struct PaymentProcessorOption: Codable, Sendable, Equatable {
    public var id: String?
    public var name: String?
    public var isDefault: Bool?
    /// ARISE `OperationType` name, e.g. "sale".
    public var operationType: String?
    /// When the day's batch closes by itself.
    public var settlementBatchTimeSlots: [SettlementBatchTimeSlot]?

    public init(id: String?, name: String?, isDefault: Bool?, operationType: String? = nil,
                settlementBatchTimeSlots: [SettlementBatchTimeSlot]?) {
        self.id = id
        self.name = name
        self.isDefault = isDefault
        self.operationType = operationType
        self.settlementBatchTimeSlots = settlementBatchTimeSlots
    }
}

/// A time of day the batch closes, in an IANA time zone (ARISE `SettlementBatchTimeSlot`).
public struct SettlementBatchTimeSlot: Codable, Sendable, Equatable {
    public var hours: Int
    public var minutes: Int
    /// e.g. "America/New_York".
    public var timezoneName: String

    public init(hours: Int, minutes: Int, timezoneName: String) {
        self.hours = hours
        self.minutes = minutes
        self.timezoneName = timezoneName
    }
}

/// Address verification settings (ARISE `AvsOptions`).
public struct AvsOptions: Codable, Sendable, Equatable {
    public var isEnabled: Bool?
    public var profileId: Int?
    /// "Strict", "Moderate" or "Tolerant".
    public var profile: String?

    public init(isEnabled: Bool?, profileId: Int?, profile: String?) {
        self.isEnabled = isEnabled
        self.profileId = profileId
        self.profile = profile
    }
}
