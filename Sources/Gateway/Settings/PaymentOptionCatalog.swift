import CardData
import PaymentCore

/// The ids and names the settings API shows for card brands, transaction types and the
/// processor. Ids are part of the API: append, never renumber.
enum PaymentOptionCatalog {
    static let cardBrands: [(brand: CardBrand, id: Int)] = [
        (.visa, 1), (.mastercard, 2), (.amex, 3), (.discover, 4), (.jcb, 5), (.unionpay, 6), (.diners, 7), (.maestro, 8),
    ]

    /// ARISE `OperationType` ids and `TransactionType` names.
    static let transactionTypes: [(type: TransactionType, id: Int, name: String)] = [
        (.authorization, 1, "Authorization"), (.sale, 2, "Sale"), (.capture, 3, "Capture"), (.void, 4, "Void"), (.refund, 5, "Refund"),
    ]

    /// A brand by its id name ("amex") or display name ("American Express"), case-insensitively.
    static func cardBrand(named name: String) -> CardBrand? {
        let wanted = name.lowercased()
        return cardBrands.first { $0.brand.rawValue == wanted || $0.brand.displayName.lowercased() == wanted }?.brand
    }

    /// A transaction type the settings can offer, by its name ("sale", "Sale"), case-insensitively.
    static func transactionType(named name: String) -> TransactionType? {
        let wanted = name.lowercased()
        return transactionTypes.first { $0.type.rawValue.lowercased() == wanted }?.type
    }
}
