// Every follow-up body may name the currency its amounts are in (ISO 4217). The gateway
// refuses one that is not the payment's (400 `currency_mismatch`), so a client that holds an
// amount with its currency (the SDK's `Money`) never has it read in another one.

/// `POST …/capture`: capture all of the authorized amount, or `amount` of it (the rest is released).
/// With a breakdown and no amount, the breakdown's total is captured; the breakdown then
/// replaces the payment's, tip included.
public struct CaptureBody: Codable, Sendable, Equatable {
    public var amount: Int64?
    public var breakdown: BreakdownRequest?
    public var currency: String?
    public init(amount: Int64? = nil, breakdown: BreakdownRequest? = nil, currency: String? = nil) {
        self.amount = amount
        self.breakdown = breakdown
        self.currency = currency
    }
}

/// `POST …/increment`: raise the authorized amount by `amount`. A breakdown says how the
/// new total divides and, once approved, replaces the payment's.
public struct IncrementBody: Codable, Sendable, Equatable {
    public var amount: Int64
    public var breakdown: BreakdownRequest?
    public var currency: String?
    public init(amount: Int64, breakdown: BreakdownRequest? = nil, currency: String? = nil) {
        self.amount = amount
        self.breakdown = breakdown
        self.currency = currency
    }
}

/// `POST …/adjust-tip`: replace the tip of a captured, unsettled payment. A breakdown (its
/// tip must be `tipAmount`) replaces the payment's once approved.
public struct AdjustTipBody: Codable, Sendable, Equatable {
    public var tipAmount: Int64
    public var breakdown: BreakdownRequest?
    public var currency: String?
    public init(tipAmount: Int64, breakdown: BreakdownRequest? = nil, currency: String? = nil) {
        self.tipAmount = tipAmount
        self.breakdown = breakdown
        self.currency = currency
    }
}

/// `POST …/reverse`: release all of an authorization, or `amount` of it.
public struct ReverseBody: Codable, Sendable, Equatable {
    public var amount: Int64?
    public var currency: String?
    public init(amount: Int64? = nil, currency: String? = nil) {
        self.amount = amount
        self.currency = currency
    }
}

/// `POST …/refund`: refund everything refundable, or `amount`; several refunds are allowed.
public struct RefundBody: Codable, Sendable, Equatable {
    public var amount: Int64?
    public var currency: String?
    public init(amount: Int64? = nil, currency: String? = nil) {
        self.amount = amount
        self.currency = currency
    }
}
