import Foundation

/// A payment breakdown as the canonical API takes it (camelCase) on sale, authorization,
/// tap and the follow-ups, and shows it on a transaction. Amounts are minor units; rates are
/// percentages from 0 to 100 with at most four decimals (8.75 = 8.75 %), the one unit of
/// every `/v1` rate. subtotal + taxAmount + tipAmount + surchargeAmount must equal the
/// amount it describes.
public struct BreakdownRequest: Codable, Sendable, Equatable {
    public var subtotal: Int64
    /// A percentage (8.75 = 8.75 %).
    public var taxRate: Decimal?
    public var taxAmount: Int64?
    public var tipAmount: Int64?
    /// "fixed" (the default) or "percentage".
    public var tipType: String?
    public var surchargeAmount: Int64?
    /// A percentage (3 = 3 %).
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
