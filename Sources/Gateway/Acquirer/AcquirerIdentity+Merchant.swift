import Processing
import Storage

extension AcquirerIdentity {
    /// The merchant's ids at its acquirer (settings `acquirerMerchantId`, field 42, and
    /// `acquirerTerminalId`, field 41), when both are set.
    static func of(_ merchant: Merchant?) -> AcquirerIdentity? {
        guard let merchant, let cardAcceptor = merchant.paymentSettings.acquirerMerchantId,
              let terminal = merchant.paymentSettings.acquirerTerminalId else { return nil }
        return AcquirerIdentity(merchantId: merchant.id, cardAcceptorId: cardAcceptor, terminalId: terminal)
    }
}
