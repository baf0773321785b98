import Foundation

extension AmountBreakdown {
    /// The parts a Koard-style breakdown names: its subtotal as the base, and its tax, tip
    /// and surcharge with their rates (as percentages). It has no discount.
    public init(_ breakdown: PaymentBreakdown) {
        self.init(
            base: breakdown.subtotal, surcharge: breakdown.surchargeAmount, surchargeRate: breakdown.surchargeRate?.percent ?? 0,
            tip: breakdown.tipAmount, tax: breakdown.taxAmount, taxRate: breakdown.taxRate?.percent ?? 0)
    }

    /// The same parts after a tip adjustment: `tip` is the tip, and the old tip's rate no
    /// longer describes it.
    public func adjustingTip(to tip: Int64) -> AmountBreakdown {
        var parts = self
        parts.tip = tip
        parts.tipRate = 0
        return parts
    }

    /// Why these parts, as a client sent them, cannot describe a payment (a problem naming
    /// the field), or nil: every amount from 0 to ``Money/largestMinorUnits``, every rate a
    /// ``Percentage``, the discounts at most the base, and a total from 1 to the largest
    /// amount, computed without overflow.
    public func problem() -> AmountPartsProblem? {
        let amounts: [(String, Int64)] = [
            ("baseAmount", base), ("percentageOffAmount", percentageOff), ("cashDiscountAmount", cashDiscount),
            ("surchargeAmount", surcharge), ("tipAmount", tip), ("taxAmount", tax),
        ]
        for (field, value) in amounts where value < 0 || value > Money.largestMinorUnits {
            return AmountPartsProblem(field: field, reason: "\(field) must be from 0 to \(Money.largestMinorUnits) minor units")
        }
        let rates: [(String, Decimal)] = [
            ("percentageOffRate", percentageOffRate), ("cashDiscountRate", cashDiscountRate), ("surchargeRate", surchargeRate),
            ("tipRate", tipRate), ("taxRate", taxRate),
        ]
        for (field, rate) in rates {
            if let reason = Percentage.problem(with: rate, field: field) { return AmountPartsProblem(field: field, reason: reason) }
        }
        guard base > 0 else { return AmountPartsProblem(field: "baseAmount", reason: "baseAmount must be greater than zero") }
        guard discount <= base else {
            return AmountPartsProblem(field: "percentageOffAmount", reason: "percentageOffAmount + cashDiscountAmount must not exceed baseAmount")
        }
        // Each part is at most the largest amount, so this sum of four cannot overflow Int64.
        guard total <= Money.largestMinorUnits else {
            return AmountPartsProblem(field: "totalAmount", reason: "the parts add up to more than \(Money.largestMinorUnits) minor units")
        }
        return nil
    }
}

/// A part of an amount breakdown a client got wrong.
public struct AmountPartsProblem: Sendable, Equatable {
    /// The part's wire name ("surchargeAmount").
    public var field: String
    public var reason: String
}
