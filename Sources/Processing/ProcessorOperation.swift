import PaymentCore

/// The calls of ``PaymentProcessor``, to name them in the simulator's call log and faults.
public enum ProcessorOperation: String, Sendable, Hashable, CaseIterable {
    case authorize
    case capture
    case incrementAuthorization
    case adjustTip
    case void
    case reverse
    case refund
    case lookup
    case cancel
    /// An ACH debit of a bank account.
    case achDebit
    /// The state of a submitted ACH debit (cleared or returned).
    case achStatus
}

extension ProcessorOperation {
    /// The call a follow-up of `type` makes; nil for a sale, an authorization or an
    /// unreferenced refund, which go through `authorize`.
    public init?(followUp type: TransactionType) {
        switch type {
        case .capture: self = .capture
        case .incrementalAuthorization: self = .incrementAuthorization
        case .tipAdjustment: self = .adjustTip
        case .void: self = .void
        case .reversal: self = .reverse
        case .refund: self = .refund
        // A chargeback is the acquirer's debit, reported to us: never a call we make.
        case .sale, .authorization, .cardAuthentication, .achDebit, .chargeback: return nil
        }
    }
}
