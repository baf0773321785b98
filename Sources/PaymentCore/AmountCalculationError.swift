/// Why an amount could not be calculated, naming the input at fault (the request's field name).
public enum AmountCalculationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An amount that is zero, negative or too large.
    case invalidAmount(field: String, reason: String)
    /// A rate that is negative, over 100 or has more than four decimals.
    case invalidRate(field: String, reason: String)
    /// Both a fixed tip and a tip rate were given.
    case tipAmountAndRate

    /// The input at fault.
    public var field: String {
        switch self {
        case .invalidAmount(let field, _), .invalidRate(let field, _): return field
        case .tipAmountAndRate: return "tipRate"
        }
    }

    public var description: String {
        switch self {
        case .invalidAmount(_, let reason), .invalidRate(_, let reason): return reason
        case .tipAmountAndRate: return "give tipAmount or tipRate, not both"
        }
    }
}
