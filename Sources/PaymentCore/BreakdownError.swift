/// Why a ``PaymentBreakdown`` was refused. Fields are named as in the canonical API
/// (camelCase); a compatibility route renames them for its own convention.
public enum BreakdownError: Error, Equatable, Sendable, CustomStringConvertible {
    case negativeAmount(field: String)
    case amountTooLarge(field: String)
    /// A rate that is not a fraction from 0 to 1 with at most six decimals.
    case invalidRate(field: String, reason: String)
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
        case .invalidRate(let field, let reason): return "\(field) \(reason)"
        case .sumMismatch(let sum, let amount):
            return "the breakdown adds up to \(sum) (subtotal + taxAmount + tipAmount + surchargeAmount) but the amount is \(amount)"
        }
    }
}
