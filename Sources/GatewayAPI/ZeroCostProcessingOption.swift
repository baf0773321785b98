/// How a merchant passes card processing costs on (ARISE `ZeroCostProcessingOption`).
public enum ZeroCostProcessingOption: String, Codable, Sendable, CaseIterable {
    /// Every tender pays the same price.
    case noZeroCost
    /// The posted price is the card price; cash (and ACH) get a discount.
    case cashDiscount
    /// A card price and a cash price shown side by side.
    case dualPricing
    /// Credit cards pay a surcharge; debit cards, cash and ACH do not.
    case surcharge

    /// ARISE's raw value: 1 noZeroCost, 2 cashDiscount, 3 dualPricing, 4 surcharge.
    public var id: Int {
        switch self {
        case .noZeroCost: return 1
        case .cashDiscount: return 2
        case .dualPricing: return 3
        case .surcharge: return 4
        }
    }
}
