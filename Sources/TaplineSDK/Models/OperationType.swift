import PaymentCore

/// ARISE's numbered operation types (`OperationType`), beside Tapline's named
/// ``TransactionType``: what ARISE clients store and compare.
public enum OperationType: Int, Sendable, Equatable, CaseIterable {
    case authorization = 1
    case sale = 2
    case capture = 3
    case void = 4
    case refund = 5

    /// The ARISE operation a Tapline row is: an incremental authorization is an
    /// authorization, a reversal (the release of an authorization) a void. A tip adjustment,
    /// a card authentication and an ACH debit have no ARISE operation number (ARISE names
    /// them only as `TransactionType`s).
    public init?(_ type: TransactionType) {
        switch type {
        case .authorization, .incrementalAuthorization: self = .authorization
        case .sale: self = .sale
        case .capture: self = .capture
        case .void, .reversal: self = .void
        case .refund: self = .refund
        case .tipAdjustment, .cardAuthentication, .achDebit, .chargeback: return nil
        }
    }

    /// ARISE's name for it ("Authorization", "Sale", …).
    public var name: String {
        switch self {
        case .authorization: return "Authorization"
        case .sale: return "Sale"
        case .capture: return "Capture"
        case .void: return "Void"
        case .refund: return "Refund"
        }
    }
}
