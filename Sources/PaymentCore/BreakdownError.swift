/// Why a ``PaymentBreakdown`` was refused. Fields are named as in the canonical API
/// (camelCase); a compatibility route renames them for its own convention.
public enum BreakdownError: Error, Equatable, Sendable, CustomStringConvertible {
    case negativeAmount(field: String)
    case amountTooLarge(field: String)
    /// A rate outside 0 % to 100 %, or finer than 0.0001 %. The edge says which in the
    /// unit of its wire (a percentage on `/v1`, a fraction on Koard's routes).
    case invalidRate(field: String, problem: Rate.Problem)
    /// The parts do not add up to the amount.
    case sumMismatch(sum: Int64, amount: Int64)

    /// The breakdown field at fault (for a mismatch, the amount it must equal).
    public var field: String {
        switch self {
        case .negativeAmount(let field), .amountTooLarge(let field), .invalidRate(let field, _): return field
        case .sumMismatch: return "amount"
        }
    }

    public var description: String {
        switch self {
        case .negativeAmount(let field): return "\(field) must not be negative (minor units)"
        case .amountTooLarge(let field): return "\(field) is too large"
        case .invalidRate(let field, .outOfRange): return "\(field) must be from 0 % to 100 %"
        case .invalidRate(let field, .tooPrecise):
            return "\(field) may have at most \(Rate.maxPercentFractionDigits) decimal places as a percentage (0.0001 %)"
        case .sumMismatch(let sum, let amount):
            return "the breakdown adds up to \(sum) (subtotal + taxAmount + tipAmount + surchargeAmount) but the amount is \(amount)"
        }
    }
}
