/// The card a payment is authorized with: in the clear in memory (typed, swiped, or a tap
/// Tapline opened), or sealed for the acquirer (`--card-data pass-through`).
public enum PaymentCard: Equatable, Sendable, CustomStringConvertible {
    case clear(KeyedCard)
    case sealed(SealedCard)

    /// First 6 and last 4 digits.
    public var maskedPAN: String {
        switch self {
        case .clear(let card): card.maskedPAN
        case .sealed(let card): card.maskedPAN
        }
    }

    public var brand: CardBrand {
        switch self {
        case .clear(let card): card.brand
        case .sealed(let card): card.brand
        }
    }

    /// The card in the clear; nil when it is sealed for the acquirer.
    public var clear: KeyedCard? {
        if case .clear(let card) = self { return card }
        return nil
    }

    public var description: String {
        switch self {
        case .clear(let card): card.description
        case .sealed(let card): card.description
        }
    }
}
