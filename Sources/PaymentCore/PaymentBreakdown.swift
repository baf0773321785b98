import Foundation

/// How a payment's total divides into its parts (Koard's `PaymentBreakdown`), as the client
/// sent it and the payment keeps it: subtotal, tax, tip and surcharge in minor units, with
/// the tax and surcharge rates that produced them.
///
/// Rates are ``Rate``s, which carry their unit: the canonical API sends and shows them as
/// percentages (8.75), Koard's routes as fractions (0.0875), each converting at its edge.
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
    /// Tax rate, when the client gave one.
    public var taxRate: Rate?
    public var taxAmount: Int64
    /// Becomes the payment's tip.
    public var tipAmount: Int64
    public var tipType: TipType
    public var surchargeAmount: Int64
    /// Surcharge rate, when the client gave one.
    public var surchargeRate: Rate?

    public init(
        subtotal: Int64, taxRate: Rate? = nil, taxAmount: Int64 = 0, tipAmount: Int64 = 0, tipType: TipType = .fixed,
        surchargeAmount: Int64 = 0, surchargeRate: Rate? = nil
    ) {
        self.subtotal = subtotal
        self.taxRate = taxRate
        self.taxAmount = taxAmount
        self.tipAmount = tipAmount
        self.tipType = tipType
        self.surchargeAmount = surchargeAmount
        self.surchargeRate = surchargeRate
    }

    /// subtotal + taxAmount + tipAmount + surchargeAmount. Call ``validate()`` first: it
    /// bounds every part, so the sum cannot overflow.
    public var total: Int64 { subtotal + taxAmount + tipAmount + surchargeAmount }

    /// Checks every part: amounts from 0 to ``Money/largestMinorUnits`` (so their sum cannot overflow), rates from 0 % to
    /// 100 % in steps of 0.0001 % (``Rate/problem``). Throws the first problem, naming its field.
    public func validate() throws(BreakdownError) {
        for (field, amount) in [("subtotal", subtotal), ("taxAmount", taxAmount), ("tipAmount", tipAmount), ("surchargeAmount", surchargeAmount)] {
            guard amount >= 0 else { throw .negativeAmount(field: field) }
            guard amount <= Money.largestMinorUnits else { throw .amountTooLarge(field: field) }
        }
        for (field, rate) in [("taxRate", taxRate), ("surchargeRate", surchargeRate)] {
            if let problem = rate?.problem { throw .invalidRate(field: field, problem: problem) }
        }
    }

    /// Checks the parts add up to `amount`, the total the payment or operation moves.
    public func check(total amount: Int64) throws(BreakdownError) {
        guard total == amount else { throw .sumMismatch(sum: total, amount: amount) }
    }
}
