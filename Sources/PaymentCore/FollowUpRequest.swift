/// A follow-up on a payment as the client asked for it. A nil amount means "the default":
/// the whole authorized amount for capture and reversal, everything refundable for refund.
public enum FollowUpRequest: Sendable, Equatable {
    case capture(amount: Int64?)
    /// `amount` is the increase, not the new total.
    case incrementalAuthorization(amount: Int64)
    /// `tip` is the new tip, replacing the old one.
    case tipAdjustment(tip: Int64)
    case void
    case reversal(amount: Int64?)
    case refund(amount: Int64?)

    public var type: TransactionType {
        switch self {
        case .capture: return .capture
        case .incrementalAuthorization: return .incrementalAuthorization
        case .tipAdjustment: return .tipAdjustment
        case .void: return .void
        case .reversal: return .reversal
        case .refund: return .refund
        }
    }
}

/// What the processor decided for one request.
public enum OperationOutcome: Sendable, Equatable {
    /// Approved for `amount` minor units (less than asked on a partial approval).
    case approved(amount: Int64)
    case declined
    /// Soft decline asking for the cardholder's PIN (originals only).
    case pinRequired
    /// Processor error or no answer.
    case failed
}

/// An operation the payment allows now, with the most it can move.
public struct AvailableOperation: Sendable, Equatable {
    public var type: TransactionType
    /// Maximum amount for the operation; nil where the amount is not bounded by the payment.
    public var availableAmount: Int64?

    public init(type: TransactionType, availableAmount: Int64?) {
        self.type = type
        self.availableAmount = availableAmount
    }
}
