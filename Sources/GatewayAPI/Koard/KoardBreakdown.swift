import Foundation
import PaymentCore

/// Koard's `PaymentBreakdown` on the wire, in Koard's snake_case. Rates are decimal fractions
/// (0.0875 = 8.75 %), Koard's unit, where ``BreakdownRequest`` (`/v1`) has percentages: the
/// two convert here, at Koard's edge, and the gateway checks both with one rule.
public struct KoardBreakdown: Codable, Sendable, Equatable {
    public var subtotal: Int64
    public var taxRate: Decimal?
    public var taxAmount: Int64?
    public var tipAmount: Int64?
    /// "fixed" or "percentage".
    public var tipType: String?
    public var surchargeAmount: Int64?
    public var surchargeRate: Decimal?

    enum CodingKeys: String, CodingKey {
        case subtotal
        case taxRate = "tax_rate"
        case taxAmount = "tax_amount"
        case tipAmount = "tip_amount"
        case tipType = "tip_type"
        case surchargeAmount = "surcharge_amount"
        case surchargeRate = "surcharge_rate"
    }

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

    /// A stored breakdown as Koard shows it (rates as fractions).
    public init(_ breakdown: PaymentBreakdown) {
        self.init(subtotal: breakdown.subtotal, taxRate: breakdown.taxRate?.fraction, taxAmount: breakdown.taxAmount,
                  tipAmount: breakdown.tipAmount, tipType: breakdown.tipType.rawValue, surchargeAmount: breakdown.surchargeAmount,
                  surchargeRate: breakdown.surchargeRate?.fraction)
    }

    /// The same fields under the canonical names and in the canonical unit (Koard's fraction
    /// 0.0875 becomes the percentage 8.75, exactly), for the one validation rule.
    public var canonical: BreakdownRequest {
        BreakdownRequest(subtotal: subtotal, taxRate: taxRate.map { Rate.fraction($0).percent }, taxAmount: taxAmount, tipAmount: tipAmount,
                         tipType: tipType, surchargeAmount: surchargeAmount, surchargeRate: surchargeRate.map { Rate.fraction($0).percent })
    }

    /// The Koard name of a canonical breakdown field ("taxRate" → "tax_rate").
    public static func wireName(_ canonical: String) -> String {
        CodingKeys.allCases.first { "\($0)" == canonical }?.rawValue ?? canonical
    }
}

extension KoardBreakdown.CodingKeys: CaseIterable {}
