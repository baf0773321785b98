import CardData
import PaymentCore

extension PaymentCard {
    /// What a row keeps of the card, with `panHash` the hash of the PAN (empty when none is
    /// kept). A card passed on sealed has no PAN here, and its expiry (0 until then) comes
    /// with the acquirer's answer.
    func summary(panHash: String, entryMode: String) -> CardSummary {
        switch self {
        case .clear(let card):
            CardSummary(
                maskedPan: card.maskedPAN, brand: card.brand.rawValue, panHash: panHash,
                expiryMonth: card.expiryMonth, expiryYear: card.expiryYear, entryMode: entryMode)
        case .sealed(let card):
            CardSummary(maskedPan: card.maskedPAN, brand: card.brand.rawValue, panHash: "", expiryMonth: 0, expiryYear: 0, entryMode: entryMode)
        }
    }
}
