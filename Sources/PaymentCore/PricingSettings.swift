import Foundation

/// The part of a merchant's payment settings that prices a payment. Rates are exact
/// decimal percentages (3.5 means 3.5 %); a missing rate counts as 0.
public struct PricingSettings: Sendable, Equatable, Codable {
    public var mode: ZeroCostProcessingMode
    /// Credit-card surcharge in `surcharge` mode, unless a request gives its own.
    public var surchargeRate: Decimal?
    /// Discount for cash and ACH in `cashDiscount` mode.
    public var cashDiscountRate: Decimal?
    /// Difference between card and cash price in `dualPricing` mode, unless a request gives its own.
    public var dualPricingRate: Decimal?
    /// Tax on the discounted amount, the same for every tender.
    public var taxRate: Decimal

    public init(
        mode: ZeroCostProcessingMode = .noZeroCost, surchargeRate: Decimal? = nil, cashDiscountRate: Decimal? = nil,
        dualPricingRate: Decimal? = nil, taxRate: Decimal = 0
    ) {
        self.mode = mode
        self.surchargeRate = surchargeRate
        self.cashDiscountRate = cashDiscountRate
        self.dualPricingRate = dualPricingRate
        self.taxRate = taxRate
    }
}
