import CardData
import PaymentCore

/// What the routing rules look at to choose a new payment's acquirer link.
struct RouteFacts: Sendable, Equatable {
    var merchantId: String
    var brand: CardBrand
    /// The card number's first digits (up to 8); nil for card data sealed for the acquirer,
    /// which the gateway cannot read: a BIN rule never matches it.
    var binPrefix: String?
    var currency: Currency

    init(merchantId: String, card: PaymentCard, currency: Currency) {
        self.merchantId = merchantId
        brand = card.brand
        binPrefix = card.clear.map { String($0.pan.prefix(8)) }
        self.currency = currency
    }
}
