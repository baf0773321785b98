import Foundation

/// `POST /v1/amounts/calculate` (ARISE `CalculateAmountRequest`): what each tender would pay
/// for `amount` under the merchant's pricing. Amounts are minor units; rates are exact
/// decimal percentages (3.5 means 3.5 %).
public struct CalculateAmountRequest: Codable, Sendable, Equatable {
    /// Base amount before discounts, surcharge, tip and tax, minor units.
    public var amount: Int64
    /// ISO 4217 code, e.g. "USD".
    public var currency: String
    /// A percentage off the base amount (5 = 5 % off).
    public var percentageOffRate: Decimal?
    /// Overrides the merchant's default surcharge (or dual-pricing) rate.
    public var surchargeRate: Decimal?
    /// A fixed tip, minor units; not together with `tipRate`.
    public var tipAmount: Int64?
    /// A tip as a percentage of the discounted amount; not together with `tipAmount`.
    public var tipRate: Decimal?
    /// Dual pricing: true when `amount` is the card price, false when it is the cash price.
    public var useCardPrice: Bool?

    public init(amount: Int64, currency: String, percentageOffRate: Decimal? = nil, surchargeRate: Decimal? = nil,
                tipAmount: Int64? = nil, tipRate: Decimal? = nil, useCardPrice: Bool? = nil) {
        self.amount = amount
        self.currency = currency
        self.percentageOffRate = percentageOffRate
        self.surchargeRate = surchargeRate
        self.tipAmount = tipAmount
        self.tipRate = tipRate
        self.useCardPrice = useCardPrice
    }
}
