import Foundation

/// What one calculation asks for on top of the merchant's pricing (ARISE
/// `CalculateAmountRequest` without amount and currency). Rates are exact decimal percentages.
public struct AmountOptions: Sendable, Equatable {
    /// A discount off the base amount, for every tender.
    public var percentageOffRate: Decimal?
    /// Replaces the merchant's surcharge rate (`surcharge`) or dual pricing rate (`dualPricing`).
    public var surchargeRate: Decimal?
    /// A fixed tip in minor units; not together with `tipRate`.
    public var tipAmount: Int64?
    /// A tip as a percentage of the discounted amount; not together with `tipAmount`.
    public var tipRate: Decimal?
    /// Dual pricing: true when the base amount is the card price, false or nil when it is the cash price.
    public var useCardPrice: Bool?

    public init(
        percentageOffRate: Decimal? = nil, surchargeRate: Decimal? = nil, tipAmount: Int64? = nil, tipRate: Decimal? = nil,
        useCardPrice: Bool? = nil
    ) {
        self.percentageOffRate = percentageOffRate
        self.surchargeRate = surchargeRate
        self.tipAmount = tipAmount
        self.tipRate = tipRate
        self.useCardPrice = useCardPrice
    }
}
