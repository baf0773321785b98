import GatewayAPI
import PaymentCore

/// The one rule for the parts of a price a tap request sends (`amountDetails`): each part in
/// range, checked before anything is read or written, and adding up to the amount tapped.
enum AmountPartsRules {
    /// The parts of `body`, checked one by one; nil when there are none. A request may send
    /// `amountDetails` or `breakdown`, not both: two descriptions of one price could differ.
    static func parse(_ body: AmountDetailsRequest?, breakdown: BreakdownRequest?) throws -> AmountBreakdown? {
        guard let body else { return nil }
        if breakdown != nil {
            throw GatewayFailure.invalid("amountDetails", "send amountDetails or breakdown, not both: they describe the same price")
        }
        let parts = AmountBreakdown(
            base: body.baseAmount, percentageOff: body.percentageOffAmount ?? 0, percentageOffRate: body.percentageOffRate ?? 0,
            cashDiscount: body.cashDiscountAmount ?? 0, cashDiscountRate: body.cashDiscountRate ?? 0,
            surcharge: body.surchargeAmount ?? 0, surchargeRate: body.surchargeRate ?? 0, tip: body.tipAmount ?? 0,
            tipRate: body.tipRate ?? 0, tax: body.taxAmount ?? 0, taxRate: body.taxRate ?? 0)
        if let problem = parts.problem() {
            let field = "amountDetails.\(problem.field)"
            let reason = problem.reason.replacingOccurrences(of: problem.field, with: field)
            throw GatewayFailure.invalid(field, reason, problem.field.hasSuffix("Rate") ? .malformed : .amount)
        }
        if let total = body.totalAmount, total != parts.total {
            throw GatewayFailure.invalid(
                "amountDetails.totalAmount", "amountDetails.totalAmount is \(total) but its parts add up to \(parts.total)", .breakdownMismatch)
        }
        return parts
    }

    /// The tip of a request with `amountDetails`: its parts' tip, which a `tipAmount` sent
    /// beside them must equal.
    static func tip(requestTip: Int64?, parts: AmountBreakdown) throws -> Int64 {
        if let requestTip, requestTip != parts.tip {
            throw GatewayFailure.invalid(
                "tipAmount", "tipAmount is \(requestTip) but amountDetails.tipAmount is \(parts.tip); send one tip", .breakdownMismatch)
        }
        return parts.tip
    }

    /// 400 `breakdown_mismatch` unless the parts add up to `total`, the amount tapped.
    static func check(_ parts: AmountBreakdown?, total: Int64) throws {
        guard let parts, parts.total != total else { return }
        throw GatewayFailure.invalid(
            "amountDetails",
            "amountDetails adds up to \(parts.total) (base − discounts + surcharge + tip + tax) but the amount tapped is \(total)",
            .breakdownMismatch)
    }
}
