/// How a merchant passes card processing costs on (ARISE Zero Cost Processing). The wire
/// has its own `ZeroCostProcessingOption` with the same case names; this is the domain's.
public enum ZeroCostProcessingMode: String, Sendable, Codable, CaseIterable {
    /// Every tender pays the same price.
    case noZeroCost
    /// The posted price is the card price; cash and ACH get a discount.
    case cashDiscount
    /// A card price and a cash price, shown side by side.
    case dualPricing
    /// Credit cards pay a surcharge; debit cards, cash and ACH do not.
    case surcharge
}
