import GatewayAPI
import PaymentCore

/// The one rule for a payment breakdown a request sends, on the canonical routes and the
/// Koard-compatible ones alike: parsed and checked before anything is written, its parts
/// adding up to the amount it describes, its tip the payment's tip. It reads a
/// ``BreakdownRequest``, whose rates are `/v1` percentages (Koard's routes convert their
/// fractions first, ``KoardBreakdown/canonical``); a refusal names the route's field and its
/// limits in the route's own unit.
struct BreakdownRules: Sendable {
    /// How the route names a breakdown field in its errors ("breakdown.taxRate" or "breakdown.tax_rate").
    let fieldName: @Sendable (String) -> String
    /// Why a rate was refused, in the unit the route's clients send (a sentence after the field name).
    let rateLimits: @Sendable (Rate.Problem) -> String

    static let canonical = BreakdownRules(fieldName: { "breakdown.\($0)" }) { problem in
        switch problem {
        case .outOfRange: return "must be a percentage from 0 to 100 (8.75 is 8.75 %)"
        case .tooPrecise: return "may have at most \(Rate.maxPercentFractionDigits) decimal places (a percentage: 12.3456 is the finest)"
        }
    }
    static let koard = BreakdownRules(fieldName: { "breakdown.\(KoardBreakdown.wireName($0))" }) { problem in
        switch problem {
        case .outOfRange: return "must be a fraction from 0 to 1 (0.0875 is 8.75 %)"
        case .tooPrecise: return "may have at most \(Rate.maxPercentFractionDigits + 2) decimal places (a fraction: 0.123456 is the finest)"
        }
    }

    /// The breakdown of a request, checked field by field; nil when there is none.
    func parse(_ body: BreakdownRequest?) throws -> PaymentBreakdown? {
        guard let body else { return nil }
        var tipType = PaymentBreakdown.TipType.fixed
        if let raw = body.tipType {
            guard let known = PaymentBreakdown.TipType(rawValue: raw) else {
                let allowed = PaymentBreakdown.TipType.allCases.map(\.rawValue).joined(separator: " or ")
                throw GatewayFailure.invalid(fieldName("tipType"), "\(fieldName("tipType")) must be \(allowed), not '\(raw)'")
            }
            tipType = known
        }
        let breakdown = PaymentBreakdown(
            subtotal: body.subtotal, taxRate: body.taxRate.map(Rate.percent), taxAmount: body.taxAmount ?? 0,
            tipAmount: body.tipAmount ?? 0, tipType: tipType, surchargeAmount: body.surchargeAmount ?? 0,
            surchargeRate: body.surchargeRate.map(Rate.percent))
        do throws(BreakdownError) {
            try breakdown.validate()
        } catch {
            throw failure(error)
        }
        return breakdown
    }

    /// The tip of a payment whose request has `requestTip` and `breakdown`: the breakdown's
    /// tip, which a tip given beside it must equal.
    func tip(requestTip: Int64?, breakdown: PaymentBreakdown?, tipField: String) throws -> Int64 {
        guard let breakdown else { return requestTip ?? 0 }
        if let requestTip, requestTip != breakdown.tipAmount {
            throw GatewayFailure.invalid(
                tipField, "\(tipField) is \(requestTip) but \(fieldName("tipAmount")) is \(breakdown.tipAmount); send one tip", .breakdownMismatch)
        }
        return breakdown.tipAmount
    }

    /// 400 `breakdown_mismatch` unless the breakdown's parts add up to `total`.
    static func check(_ breakdown: PaymentBreakdown?, total: Int64) throws {
        guard let breakdown else { return }
        do throws(BreakdownError) {
            try breakdown.check(total: total)
        } catch {
            throw GatewayFailure.invalid(
                "breakdown", "the breakdown adds up to \(breakdown.total) (subtotal + tax + tip + surcharge) but the amount is \(total)",
                .breakdownMismatch)
        }
    }

    private func failure(_ error: BreakdownError) -> GatewayFailure {
        let field = fieldName(error.field)
        switch error {
        case .negativeAmount:
            return .invalid(field, "\(field) must not be negative (minor units)", .amount)
        case .amountTooLarge:
            return .invalid(field, "\(field) is too large", .amount)
        case .invalidRate(_, let problem):
            return .invalid(field, "\(field) \(rateLimits(problem))")
        case .sumMismatch:
            return .invalid("breakdown", error.description, .breakdownMismatch)
        }
    }
}

extension CardTransactionRequest: DecimalFields {
    static var decimalFields: Set<String> { ["taxRate", "surchargeRate"] }
}

extension TapTransactionRequest: DecimalFields {
    static var decimalFields: Set<String> { ["taxRate", "surchargeRate", "percentageOffRate", "cashDiscountRate", "tipRate"] }
}

extension CaptureBody: DecimalFields {
    static var decimalFields: Set<String> { ["taxRate", "surchargeRate"] }
}
