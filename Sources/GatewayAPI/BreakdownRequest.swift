import Foundation

/// A payment breakdown as the canonical API takes it (camelCase), on sale, authorization
/// and capture. Amounts are minor units; rates are exact decimal *fractions* from 0 to 1
/// (0.0875 = 8.75 %, Koard's convention), unlike the percentages of `/v1/amounts`.
/// subtotal + taxAmount + tipAmount + surchargeAmount must equal the amount it describes.
public struct BreakdownRequest: Codable, Sendable, Equatable {
    public var subtotal: Int64
    public var taxRate: Decimal?
    public var taxAmount: Int64?
    public var tipAmount: Int64?
    /// "fixed" (the default) or "percentage".
    public var tipType: String?
    public var surchargeAmount: Int64?
    public var surchargeRate: Decimal?

    public init(subtotal: Int64, taxRate: Decimal? = nil, taxAmount: Int64? = nil, tipAmount: Int64? = nil, tipType: String? = nil,
                surchargeAmount: Int64? = nil, surchargeRate: Decimal? = nil) {
        self.subtotal = subtotal
        self.taxRate = taxRate
        self.taxAmount = taxAmount
        self.tipAmount = tipAmount
        self.tipType = tipType
        self.surchargeAmount = surchargeAmount
        self.surchargeRate = surchargeRate
    }
}
