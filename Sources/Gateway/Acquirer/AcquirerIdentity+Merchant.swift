import Processing
import Storage

extension AcquirerIdentity {
    /// The merchant's ids at its acquirer (settings `acquirerMerchantId`, field 42, and
    /// `acquirerTerminalId`, field 41), when both are set; with its MCC (setting
    /// `merchantCategoryCode`, field 18, 5999 when unset) and its name, city and country
    /// (field 43).
    static func of(_ merchant: Merchant?) -> AcquirerIdentity? {
        guard let merchant, let cardAcceptor = merchant.paymentSettings.acquirerMerchantId,
              let terminal = merchant.paymentSettings.acquirerTerminalId else { return nil }
        let location = CardAcceptorLocation(name: merchant.name, city: merchant.profile.city, country: merchant.profile.country)
        return AcquirerIdentity(
            merchantId: merchant.id, cardAcceptorId: cardAcceptor, terminalId: terminal,
            merchantCategoryCode: merchant.paymentSettings.merchantCategoryCode ?? AcquirerIdentity.defaultMerchantCategoryCode,
            location: location)
    }
}
