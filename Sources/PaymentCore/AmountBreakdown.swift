import Foundation

/// The parts of one price (Koard `PaymentBreakdown`, ARISE `AmountDto`), in minor units of
/// one currency, with the rate each part came from (exact decimal percentages; 0 where a
/// part was not a rate, e.g. a fixed tip). `total` is always derived, so it is always the
/// sum of its parts.
public struct AmountBreakdown: Sendable, Equatable, Codable {
    public var base: Int64
    public var percentageOff: Int64
    public var percentageOffRate: Decimal
    public var cashDiscount: Int64
    public var cashDiscountRate: Decimal
    public var surcharge: Int64
    public var surchargeRate: Decimal
    public var tip: Int64
    public var tipRate: Decimal
    public var tax: Int64
    public var taxRate: Decimal

    public init(
        base: Int64, percentageOff: Int64 = 0, percentageOffRate: Decimal = 0, cashDiscount: Int64 = 0,
        cashDiscountRate: Decimal = 0, surcharge: Int64 = 0, surchargeRate: Decimal = 0, tip: Int64 = 0, tipRate: Decimal = 0,
        tax: Int64 = 0, taxRate: Decimal = 0
    ) {
        self.base = base
        self.percentageOff = percentageOff
        self.percentageOffRate = percentageOffRate
        self.cashDiscount = cashDiscount
        self.cashDiscountRate = cashDiscountRate
        self.surcharge = surcharge
        self.surchargeRate = surchargeRate
        self.tip = tip
        self.tipRate = tipRate
        self.tax = tax
        self.taxRate = taxRate
    }

    /// Percentage-off and cash discount together.
    public var discount: Int64 { percentageOff + cashDiscount }

    /// base − percentage off − cash discount + surcharge + tip + tax.
    public var total: Int64 { base - percentageOff - cashDiscount + surcharge + tip + tax }
}
