import Foundation

/// A payment's price part by part as a tap request sends it (ARISE `AmountDto`, the same
/// names as ``AmountResource``): amounts in minor units, rates exact percentages (3 = 3 %).
/// Parts left out are 0. `baseAmount − percentageOffAmount − cashDiscountAmount +
/// surchargeAmount + tipAmount + taxAmount` must equal the amount tapped (amount + tip),
/// and `totalAmount`, when sent, must equal it too. The gateway keeps the parts as sent: it
/// checks them, it does not recompute them from the rates.
public struct AmountDetailsRequest: Codable, Sendable, Equatable {
    public var baseAmount: Int64
    public var percentageOffAmount: Int64?
    public var percentageOffRate: Decimal?
    public var cashDiscountAmount: Int64?
    public var cashDiscountRate: Decimal?
    public var surchargeAmount: Int64?
    public var surchargeRate: Decimal?
    public var tipAmount: Int64?
    public var tipRate: Decimal?
    public var taxAmount: Int64?
    public var taxRate: Decimal?
    public var totalAmount: Int64?

    public init(baseAmount: Int64, percentageOffAmount: Int64? = nil, percentageOffRate: Decimal? = nil, cashDiscountAmount: Int64? = nil,
                cashDiscountRate: Decimal? = nil, surchargeAmount: Int64? = nil, surchargeRate: Decimal? = nil, tipAmount: Int64? = nil,
                tipRate: Decimal? = nil, taxAmount: Int64? = nil, taxRate: Decimal? = nil, totalAmount: Int64? = nil) {
        self.baseAmount = baseAmount
        self.percentageOffAmount = percentageOffAmount
        self.percentageOffRate = percentageOffRate
        self.cashDiscountAmount = cashDiscountAmount
        self.cashDiscountRate = cashDiscountRate
        self.surchargeAmount = surchargeAmount
        self.surchargeRate = surchargeRate
        self.tipAmount = tipAmount
        self.tipRate = tipRate
        self.taxAmount = taxAmount
        self.taxRate = taxRate
        self.totalAmount = totalAmount
    }

    /// The parts of one tender of an amount calculation, as a tap for that tender sends them.
    public init(_ tender: AmountResource) {
        self.init(
            baseAmount: tender.baseAmount, percentageOffAmount: tender.percentageOffAmount, percentageOffRate: tender.percentageOffRate,
            cashDiscountAmount: tender.cashDiscountAmount, cashDiscountRate: tender.cashDiscountRate, surchargeAmount: tender.surchargeAmount,
            surchargeRate: tender.surchargeRate, tipAmount: tender.tipAmount, tipRate: tender.tipRate, taxAmount: tender.taxAmount,
            taxRate: tender.taxRate, totalAmount: tender.totalAmount)
    }
}
