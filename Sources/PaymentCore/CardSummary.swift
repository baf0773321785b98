/// What is kept of a card: never the full PAN, track data, CVV or PIN.
public struct CardSummary: Sendable, Equatable, Codable {
    /// First 6 and last 4 digits, the rest replaced by `*`.
    public var maskedPan: String
    /// Card scheme, e.g. "visa", "mastercard".
    public var brand: String
    /// Keyed hash of the PAN, to find a card's payments without storing the PAN.
    public var panHash: String
    public var expiryMonth: Int
    public var expiryYear: Int
    /// How the card was read: "manual" (keyed) or "contactless".
    public var entryMode: String

    public init(maskedPan: String, brand: String, panHash: String, expiryMonth: Int, expiryYear: Int, entryMode: String) {
        self.maskedPan = maskedPan
        self.brand = brand
        self.panHash = panHash
        self.expiryMonth = expiryMonth
        self.expiryYear = expiryYear
        self.entryMode = entryMode
    }
}
