import PaymentCore

/// Koard's transaction states, and the one mapping from Tapline's canonical statuses
/// (docs/architecture.md, "Koard-compatible routes").
public enum KoardStatus: String, Codable, Sendable, CaseIterable {
    case pending
    case processing
    case authorized
    case captured
    case declined
    case failed
    case reversed
    case refunded
    case cancelled

    /// The Koard state of a row. A payment waiting for the processor or for a PIN is
    /// `processing` (Koard's `pending` is a request not yet started, which the gateway never
    /// shows); a voided hold, or an expired one whose funds were released, is `reversed`; a
    /// voided capture is `cancelled`; a partly refunded payment stays `captured`.
    ///
    /// A follow-up row (`approved`) takes the state its operation leads to: capture and tip
    /// adjustment `captured`, incremental authorization `authorized`, reversal `reversed`
    /// (`cancelled` when it undid the capture of `payment`), refund `refunded`.
    public init(_ row: Transaction, payment: Transaction? = nil) {
        switch row.status {
        case .pending, .pinRequired: self = .processing
        case .authorized: self = .authorized
        case .captured: self = .captured
        case .declined: self = .declined
        case .failed: self = .failed
        case .voided: self = row.capturedAmount > 0 ? .cancelled : .reversed
        case .expired: self = .reversed
        case .refunded: self = .refunded
        case .approved: self = Self.afterApproved(row, payment: payment)
        // Koard has no card verification; a zero-amount hold is what it comes nearest to.
        case .verified: self = .authorized
        // Koard has no ACH: a debit in flight is processing, a cleared one captured, one
        // cancelled before submission cancelled, one the bank returned reversed.
        case .scheduled, .heldByProcessor, .inProgress: self = .processing
        case .cleared: self = .captured
        case .cancelled: self = .cancelled
        case .chargedBack: self = .reversed
        }
    }

    private static func afterApproved(_ operation: Transaction, payment: Transaction?) -> KoardStatus {
        switch operation.type {
        case .sale, .capture, .tipAdjustment, .achDebit: return .captured
        case .authorization, .incrementalAuthorization, .cardAuthentication: return .authorized
        case .void, .reversal:
            if payment?.status == .cancelled { return .cancelled }
            guard let payment, payment.status == .voided, payment.capturedAmount > 0 else { return .reversed }
            return .cancelled
        case .refund: return .refunded
        // A lost dispute took the money back, as a reversal of the capture would.
        case .chargeback: return .reversed
        }
    }
}
