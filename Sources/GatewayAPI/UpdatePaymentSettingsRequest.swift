import Foundation

/// `PATCH /v1/settings/payment`: changes some of the merchant's payment settings. Every
/// field is optional and only the fields present change. The nullable settings (the three
/// default rates, `ttpIosTerminalProfileId`, the acquirer ids, `appleMerchantIdentifier`, `merchantCategoryCode` and `locale`) are `T??`: absent (`nil`) keeps the value,
/// JSON `null` (`.some(nil)`) clears it, as in JSON Merge Patch. Any other field sent as
/// `null` is refused. Rates are exact decimal percentages from 0 to 100, at most four decimals.
public struct UpdatePaymentSettingsRequest: Codable, Sendable, Equatable {
    /// ISO 4217 codes the merchant takes, e.g. ["USD", "EUR"]; at least one.
    public var availableCurrencies: [String]?
    public var zeroCostProcessingOption: ZeroCostProcessingOption?
    public var defaultSurchargeRate: Decimal??
    public var defaultCashDiscountRate: Decimal??
    public var defaultDualPricingRate: Decimal??
    /// Tax on the discounted amount, for every tender.
    public var taxRate: Decimal?
    public var isTipsEnabled: Bool?
    /// Suggested tips, as percentages; at most 10.
    public var defaultTipsOptions: [Decimal]?
    /// Card brands, by id name or display name: "visa", "mastercard", "amex" or "American Express", …
    public var availableCardTypes: [String]?
    /// ARISE operation types: "sale", "authorization", "capture", "void", "refund".
    public var availableTransactionTypes: [String]?
    /// Replaces the simulated processor's batch close times; at most 24.
    public var settlementBatchTimeSlots: [SettlementBatchTimeSlot]?
    /// `isEnabled` and a profile by `profileId` (1–3) or `profile` name; what is absent is kept.
    public var avs: AvsOptions?
    public var isCustomerCardSavingByTerminalEnabled: Bool?
    public var ttpIosTerminalProfileId: String??
    /// The merchant's id at the acquirer, ISO 8583 field 42: 1–15 printable ASCII characters.
    public var acquirerMerchantId: String??
    /// The merchant's terminal id at the acquirer, ISO 8583 field 41: 1–8 printable ASCII characters.
    public var acquirerTerminalId: String??
    /// Capture a tapped card that asks for a signature without one (the merchant takes the
    /// chargeback risk); false holds such a payment until the signature is stored.
    public var isSignatureWaived: Bool?
    /// The merchant's identifier at Apple (Tap to Pay on iPhone), which signed reader tokens
    /// may carry: 1–255 printable ASCII characters.
    public var appleMerchantIdentifier: String??
    /// The merchant category code (ISO 18245) sent in ISO 8583 field 18: four digits;
    /// `null` goes back to the default, 5999.
    public var merchantCategoryCode: String??
    /// How the merchant's dashboard and receipts write money and dates: a BCP 47 language and
    /// region the gateway knows ("en-US", "de-DE"); `null` goes back to en-US.
    public var locale: String??

    public init(
        availableCurrencies: [String]? = nil, zeroCostProcessingOption: ZeroCostProcessingOption? = nil,
        defaultSurchargeRate: Decimal?? = nil, defaultCashDiscountRate: Decimal?? = nil, defaultDualPricingRate: Decimal?? = nil,
        taxRate: Decimal? = nil, isTipsEnabled: Bool? = nil, defaultTipsOptions: [Decimal]? = nil, availableCardTypes: [String]? = nil,
        availableTransactionTypes: [String]? = nil, settlementBatchTimeSlots: [SettlementBatchTimeSlot]? = nil, avs: AvsOptions? = nil,
        isCustomerCardSavingByTerminalEnabled: Bool? = nil, ttpIosTerminalProfileId: String?? = nil,
        acquirerMerchantId: String?? = nil, acquirerTerminalId: String?? = nil, isSignatureWaived: Bool? = nil,
        appleMerchantIdentifier: String?? = nil, merchantCategoryCode: String?? = nil, locale: String?? = nil
    ) {
        self.availableCurrencies = availableCurrencies
        self.zeroCostProcessingOption = zeroCostProcessingOption
        self.defaultSurchargeRate = defaultSurchargeRate
        self.defaultCashDiscountRate = defaultCashDiscountRate
        self.defaultDualPricingRate = defaultDualPricingRate
        self.taxRate = taxRate
        self.isTipsEnabled = isTipsEnabled
        self.defaultTipsOptions = defaultTipsOptions
        self.availableCardTypes = availableCardTypes
        self.availableTransactionTypes = availableTransactionTypes
        self.settlementBatchTimeSlots = settlementBatchTimeSlots
        self.avs = avs
        self.isCustomerCardSavingByTerminalEnabled = isCustomerCardSavingByTerminalEnabled
        self.ttpIosTerminalProfileId = ttpIosTerminalProfileId
        self.acquirerMerchantId = acquirerMerchantId
        self.acquirerTerminalId = acquirerTerminalId
        self.isSignatureWaived = isSignatureWaived
        self.appleMerchantIdentifier = appleMerchantIdentifier
        self.merchantCategoryCode = merchantCategoryCode
        self.locale = locale
    }

    private enum CodingKeys: String, CodingKey {
        case availableCurrencies, zeroCostProcessingOption, defaultSurchargeRate, defaultCashDiscountRate, defaultDualPricingRate
        case taxRate, isTipsEnabled, defaultTipsOptions, availableCardTypes, availableTransactionTypes, settlementBatchTimeSlots
        case avs, isCustomerCardSavingByTerminalEnabled, ttpIosTerminalProfileId, acquirerMerchantId, acquirerTerminalId
        case isSignatureWaived, appleMerchantIdentifier, merchantCategoryCode, locale
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        availableCurrencies = try container.decodeUnlessNull([String].self, forKey: .availableCurrencies)
        zeroCostProcessingOption = try container.decodeUnlessNull(ZeroCostProcessingOption.self, forKey: .zeroCostProcessingOption)
        defaultSurchargeRate = try container.decodeClearable(Decimal.self, forKey: .defaultSurchargeRate)
        defaultCashDiscountRate = try container.decodeClearable(Decimal.self, forKey: .defaultCashDiscountRate)
        defaultDualPricingRate = try container.decodeClearable(Decimal.self, forKey: .defaultDualPricingRate)
        taxRate = try container.decodeUnlessNull(Decimal.self, forKey: .taxRate)
        isTipsEnabled = try container.decodeUnlessNull(Bool.self, forKey: .isTipsEnabled)
        defaultTipsOptions = try container.decodeUnlessNull([Decimal].self, forKey: .defaultTipsOptions)
        availableCardTypes = try container.decodeUnlessNull([String].self, forKey: .availableCardTypes)
        availableTransactionTypes = try container.decodeUnlessNull([String].self, forKey: .availableTransactionTypes)
        settlementBatchTimeSlots = try container.decodeUnlessNull([SettlementBatchTimeSlot].self, forKey: .settlementBatchTimeSlots)
        avs = try container.decodeUnlessNull(AvsOptions.self, forKey: .avs)
        isCustomerCardSavingByTerminalEnabled = try container.decodeUnlessNull(Bool.self, forKey: .isCustomerCardSavingByTerminalEnabled)
        ttpIosTerminalProfileId = try container.decodeClearable(String.self, forKey: .ttpIosTerminalProfileId)
        acquirerMerchantId = try container.decodeClearable(String.self, forKey: .acquirerMerchantId)
        acquirerTerminalId = try container.decodeClearable(String.self, forKey: .acquirerTerminalId)
        isSignatureWaived = try container.decodeUnlessNull(Bool.self, forKey: .isSignatureWaived)
        appleMerchantIdentifier = try container.decodeClearable(String.self, forKey: .appleMerchantIdentifier)
        merchantCategoryCode = try container.decodeClearable(String.self, forKey: .merchantCategoryCode)
        locale = try container.decodeClearable(String.self, forKey: .locale)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(availableCurrencies, forKey: .availableCurrencies)
        try container.encodeIfPresent(zeroCostProcessingOption, forKey: .zeroCostProcessingOption)
        try container.encodeClearable(defaultSurchargeRate, forKey: .defaultSurchargeRate)
        try container.encodeClearable(defaultCashDiscountRate, forKey: .defaultCashDiscountRate)
        try container.encodeClearable(defaultDualPricingRate, forKey: .defaultDualPricingRate)
        try container.encodeIfPresent(taxRate, forKey: .taxRate)
        try container.encodeIfPresent(isTipsEnabled, forKey: .isTipsEnabled)
        try container.encodeIfPresent(defaultTipsOptions, forKey: .defaultTipsOptions)
        try container.encodeIfPresent(availableCardTypes, forKey: .availableCardTypes)
        try container.encodeIfPresent(availableTransactionTypes, forKey: .availableTransactionTypes)
        try container.encodeIfPresent(settlementBatchTimeSlots, forKey: .settlementBatchTimeSlots)
        try container.encodeIfPresent(avs, forKey: .avs)
        try container.encodeIfPresent(isCustomerCardSavingByTerminalEnabled, forKey: .isCustomerCardSavingByTerminalEnabled)
        try container.encodeClearable(ttpIosTerminalProfileId, forKey: .ttpIosTerminalProfileId)
        try container.encodeClearable(acquirerMerchantId, forKey: .acquirerMerchantId)
        try container.encodeClearable(acquirerTerminalId, forKey: .acquirerTerminalId)
        try container.encodeIfPresent(isSignatureWaived, forKey: .isSignatureWaived)
        try container.encodeClearable(appleMerchantIdentifier, forKey: .appleMerchantIdentifier)
        try container.encodeClearable(merchantCategoryCode, forKey: .merchantCategoryCode)
        try container.encodeClearable(locale, forKey: .locale)
    }
}

extension KeyedDecodingContainer {
    /// Absent: nil. Present: the value; `null` is refused like a value of the wrong type.
    fileprivate func decodeUnlessNull<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard contains(key) else { return nil }
        return try decode(type, forKey: key)
    }

    /// Absent: nil (keep). `null`: .some(nil) (clear). Otherwise the value.
    fileprivate func decodeClearable<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T?? {
        guard contains(key) else { return .none }
        if try decodeNil(forKey: key) { return .some(nil) }
        return .some(try decode(type, forKey: key))
    }
}

extension KeyedEncodingContainer {
    fileprivate mutating func encodeClearable<T: Encodable>(_ value: T??, forKey key: Key) throws {
        switch value {
        case .none: return
        case .some(.none): try encodeNil(forKey: key)
        case .some(.some(let wrapped)): try encode(wrapped, forKey: key)
        }
    }
}
