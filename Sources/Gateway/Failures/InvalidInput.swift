/// A request value the gateway refuses: the field as the canonical API names it (a dotted
/// path, or a header's name), the reason in words, and the kind of problem, from which each
/// API style picks its own code.
struct InvalidInput: Sendable, Equatable {
    var field: String
    var reason: String
    var problem: InputProblem
}

/// The kinds of refused values; each API style has a code for each.
enum InputProblem: Sendable, Equatable, CaseIterable {
    /// Missing, malformed or out of range, with nothing more specific to say.
    case malformed
    case amount
    case unknownCurrency
    case cardNumber
    case expiry
    case cardExpired
    /// Sealed card data that opened but holds no usable card.
    case cardData
    case cardDataNotJWE
    case cardDataUnsupportedAlgorithm
    case cardDataUnknownKey
    case cardDataTampered
    case cardReadStale
    /// The card read is not for this request (kind, amount, currency, card).
    case cardReadMismatch
    /// The card read was sealed under another device's or merchant's reader token.
    case cardReadWrongReader
    /// The card is not the card the payment was made with.
    case cardMismatch
    case pinBlockMissing
    case pinBlock
    case pinToken
    case deviceHeaderMissing
    case breakdownMismatch
    case currencyNotAccepted
    /// A follow-up names a currency that is not its payment's.
    case currencyMismatch
    case cardBrandNotAccepted
    case url
    case unknownEventType
}
