import CardData
import GatewayAPI
import PaymentCore
import Processing
import Storage

/// Stored payment settings as the API shows them (ARISE `PaymentSettingsResponse`).
enum PaymentSettingsRenderer {
    /// `processors` are the gateway's (several with several acquirer links); `defaultId` is
    /// the one the merchant's payments go to unless a routing rule sends them elsewhere.
    static func render(_ settings: PaymentSettings, processors: [ProcessorIdentity], defaultId: String) -> PaymentSettingsResponse {
        let brandIds = Dictionary(uniqueKeysWithValues: PaymentOptionCatalog.cardBrands.map { ($0.brand, $0.id) })
        let cardTypes = settings.cardBrands.compactMap { name -> NamedOption? in
            guard let brand = CardBrand(rawValue: name), let id = brandIds[brand] else { return nil }
            return NamedOption(id: id, name: brand.displayName)
        }
        let transactionTypes = settings.transactionTypes.compactMap { type -> NamedOption? in
            guard let entry = PaymentOptionCatalog.transactionTypes.first(where: { $0.type == type }) else { return nil }
            return NamedOption(id: entry.id, name: entry.name)
        }
        let options = processors.map { identity in
            PaymentProcessorOption(
                id: identity.id, name: identity.name, isDefault: identity.id == defaultId,
                settlementBatchTimeSlots: settings.settlementTimes.map {
                    SettlementBatchTimeSlot(hours: $0.hours, minutes: $0.minutes, timezoneName: $0.timeZone)
                })
        }
        let pricing = settings.pricing
        return PaymentSettingsResponse(
            availableCurrencies: settings.currencies.map { NamedOption(id: $0.numericCode, name: $0.code) },
            zeroCostProcessingOption: ZeroCostProcessingOption(pricing.mode), defaultSurchargeRate: pricing.surchargeRate,
            defaultCashDiscountRate: pricing.cashDiscountRate, defaultDualPricingRate: pricing.dualPricingRate,
            isTipsEnabled: settings.tipsEnabled, defaultTipsOptions: settings.tipPercentages, availableCardTypes: cardTypes,
            availableTransactionTypes: transactionTypes, availablePaymentProcessors: options,
            avs: AvsOptions(isEnabled: settings.avs.enabled, profileId: settings.avs.profile?.rawValue, profile: settings.avs.profile?.name),
            isCustomerCardSavingByTerminalEnabled: settings.customerCardSavingEnabled,
            ttpIosTerminalProfileId: settings.tapToPayTerminalProfileId, taxRate: pricing.taxRate,
            acquirerMerchantId: settings.acquirerMerchantId, acquirerTerminalId: settings.acquirerTerminalId,
            isSignatureWaived: settings.signatureWaived, appleMerchantIdentifier: settings.appleMerchantIdentifier,
            merchantCategoryCode: settings.merchantCategoryCode ?? AcquirerIdentity.defaultMerchantCategoryCode,
            locale: settings.locale ?? PaymentSettings.defaultLocale)
    }
}
