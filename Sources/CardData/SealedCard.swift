/// A tap's card data that Tapline passes on unopened (`--card-data pass-through`), for an
/// acquirer that decrypts it itself: the reader's `paymentCardData` exactly as sent, and what
/// the reader's general data says of the card. Tapline never sees the number, expiry or PIN.
///
/// The sealed text is not the PAN, but it is card data all the same: it is never stored and
/// every way of printing this value shows only its length.
public struct SealedCard: Equatable, Sendable {
    /// The reader's `paymentCardData`, base64, sent in ISO 8583 field 120.
    public let paymentCardData: String
    /// First 6 and last 4 digits, from the general card data.
    public let maskedPAN: String
    public let brand: CardBrand
    /// The merchant and device the request came from: the acquirer, which opens the data,
    /// checks that the card was read under their reader token (field 121).
    public let binding: ReaderBinding
    /// On a PIN try, the PIN token the payment gave, for the acquirer to compare with the one
    /// the reader sealed with the PIN.
    public var pinToken: String?

    public init(paymentCardData: String, maskedPAN: String, brand: CardBrand, binding: ReaderBinding, pinToken: String? = nil) {
        self.paymentCardData = paymentCardData
        self.maskedPAN = maskedPAN
        self.brand = brand
        self.binding = binding
        self.pinToken = pinToken
    }
}

extension SealedCard: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "\(brand) \(maskedPAN) sealed (\(paymentCardData.utf8.count) characters)" }

    public var debugDescription: String { "SealedCard(\(description))" }

    /// What `dump` and debuggers see: only the non-sensitive parts.
    public var customMirror: Mirror {
        Mirror(self, children: [
            "maskedPAN": maskedPAN, "brand": brand, "sealedLength": paymentCardData.utf8.count, "binding": binding,
        ], displayStyle: .struct)
    }
}
