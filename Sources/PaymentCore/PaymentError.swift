/// Why the domain refused a move. Every case says enough for a clear API error.
public enum PaymentError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The operation is not allowed in the payment's current status.
    case invalidTransition(operation: TransactionType, status: TransactionStatus, settled: Bool)
    /// The amount asked for is more than what is available for this operation.
    case amountExceedsAvailable(operation: TransactionType, requested: Int64, available: Int64)
    /// The amount is zero, negative, or otherwise not acceptable for the operation.
    case invalidAmount(String)
    /// The operation would take the payment above ``Money/largestMinorUnits``.
    case amountTooLarge(String)
    /// Another follow-up on this payment is still waiting for the processor.
    case operationInProgress(status: TransactionStatus)
    /// The authorization is older than the merchant's authorization window.
    case authorizationExpired
    /// The card asked for the cardholder's signature and none is stored: the payment is
    /// not captured without one (unless the merchant's settings waive it).
    case signatureRequired

    public var description: String {
        switch self {
        case .invalidTransition(let operation, let status, let settled):
            let state = settled ? "\(status.rawValue) and settled" : status.rawValue
            return "cannot \(operation.verb) a payment that is \(state)" + Self.achHint(operation, status)
        case .amountExceedsAvailable(let operation, let requested, let available):
            return "\(operation.verb) amount \(requested) exceeds the available \(available)"
        case .invalidAmount(let reason), .amountTooLarge(let reason): return reason
        case .operationInProgress(let status):
            return "another operation on this payment (\(status.rawValue)) is still in progress; retry shortly"
        case .authorizationExpired: return "the authorization has expired"
        case .signatureRequired:
            return "the card asked for the cardholder's signature and none is stored: store it before capturing, or void the payment"
        }
    }
}

extension PaymentError {
    /// What an ACH debit allows instead, when the move was refused for its ACH status.
    private static func achHint(_ operation: TransactionType, _ status: TransactionStatus) -> String {
        switch (operation, status) {
        case (.refund, .scheduled), (.refund, .heldByProcessor): return "; an ACH debit not yet submitted is cancelled (void), not refunded"
        case (.refund, .inProgress): return "; an ACH debit can be refunded once it has cleared"
        case (.void, .inProgress), (.void, .cleared): return "; an ACH debit can only be cancelled before a batch close submits it; refund it once cleared"
        default: return ""
        }
    }
}

extension TransactionType {
    /// The operation as a verb, for messages.
    public var verb: String {
        switch self {
        case .sale: return "sell"
        case .authorization: return "authorize"
        case .capture: return "capture"
        case .incrementalAuthorization: return "increment the authorization of"
        case .tipAdjustment: return "adjust the tip of"
        case .void: return "void"
        case .reversal: return "reverse"
        case .refund: return "refund"
        case .cardAuthentication: return "verify"
        case .achDebit: return "debit"
        case .chargeback: return "charge back"
        }
    }
}
