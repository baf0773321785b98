import Foundation

/// How a payment's total divides into its parts (Koard's `PaymentBreakdown`), as the client
/// sent it and the payment keeps it: subtotal, tax, tip and surcharge in minor units, with
/// the tax and surcharge rates that produced them.
///
/// Rates here are exact decimal *fractions* (0.0875 is 8.75 %), Koard's convention; the
/// canonical `/v1/amounts` API and ``Percentage`` use percentages from 0 to 100 instead.
/// The parts are the client's: the gateway checks they are well formed and add up to the
/// amount, it does not recompute them.
public struct PaymentBreakdown: Sendable, Equatable, Codable {
    /// How the tip was chosen; a label only, the tip is always ``tipAmount``.
    public enum TipType: String, Sendable, Codable, CaseIterable {
        case fixed
        case percentage
    }

    /// Amount before tax, tip and surcharge, minor units.
    public var subtotal: Int64
    /// Tax rate as a fraction (0.0875 = 8.75 %), when the client gave one.
    public var taxRate: Decimal?
    public var taxAmount: Int64
    /// Becomes the payment's tip.
    public var tipAmount: Int64
    public var tipType: TipType
    public var surchargeAmount: Int64
    /// Surcharge rate as a fraction (0.03 = 3 %), when the client gave one.
    public var surchargeRate: Decimal?

    public init(
        subtotal: Int64, taxRate: Decimal? = nil, taxAmount: Int64 = 0, tipAmount: Int64 = 0, tipType: TipType = .fixed,
        surchargeAmount: Int64 = 0, surchargeRate: Decimal? = nil
    ) {
        self.subtotal = subtotal
        self.taxRate = taxRate
        self.taxAmount = taxAmount
        self.tipAmount = tipAmount
        self.tipType = tipType
        self.surchargeAmount = surchargeAmount
        self.surchargeRate = surchargeRate
    }

    /// At most six decimals in a rate fraction (0.123456 = 12.3456 %, the precision of ``Percentage``).
    public static let maxRateFractionDigits = 6

    /// subtotal + taxAmount + tipAmount + surchargeAmount. Call ``validate()`` first: it
    /// bounds every part, so the sum cannot overflow.
    public var total: Int64 { subtotal + taxAmount + tipAmount + surchargeAmount }

    /// Checks every part: amounts from 0 to ``Money/largestMinorUnits`` (so their sum cannot overflow), rates fractions from 0 to 1 with
    /// at most six decimals. Throws the first problem, naming its field.
    public func validate() throws(BreakdownError) {
        for (field, amount) in [("subtotal", subtotal), ("taxAmount", taxAmount), ("tipAmount", tipAmount), ("surchargeAmount", surchargeAmount)] {
            guard amount >= 0 else { throw .negativeAmount(field: field) }
            guard amount <= Money.largestMinorUnits else { throw .amountTooLarge(field: field) }
        }
        for (field, rate) in [("taxRate", taxRate), ("surchargeRate", surchargeRate)] {
            if let rate, let problem = Self.rateProblem(rate) { throw .invalidRate(field: field, reason: problem) }
        }
    }

    /// Checks the parts add up to `amount`, the total the payment or operation moves.
    public func check(total amount: Int64) throws(BreakdownError) {
        guard total == amount else { throw .sumMismatch(sum: total, amount: amount) }
    }

    /// Why `rate` is not a fraction from 0 to 1 with at most six decimals, or nil when it is.
    public static func rateProblem(_ rate: Decimal) -> String? {
        guard !rate.isNaN, rate >= 0, rate <= 1 else { return "must be a fraction from 0 to 1 (0.0875 is 8.75 %)" }
        var scaled = rate
        for _ in 0..<maxRateFractionDigits { scaled *= 10 }
        var whole = Decimal()
        NSDecimalRound(&whole, &scaled, 0, .plain)
        guard whole == scaled else { return "may have at most \(maxRateFractionDigits) decimal places" }
        return nil
    }
}
