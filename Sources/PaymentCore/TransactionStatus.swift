/// The status of a transaction row.
///
/// Originals (sale, authorization) move through the payment life of docs/architecture.md.
/// Follow-up rows are `pending` while the processor is asked, then `approved`,
/// `declined` or `failed`.
public enum TransactionStatus: String, Sendable, Codable, CaseIterable {
    case pending
    case pinRequired
    case authorized
    case captured
    case declined
    case voided
    case expired
    case refunded
    case failed
    case approved
    /// A card authentication the issuer accepted (ARISE `Verified`).
    case verified
    /// An ACH debit the processor accepted, waiting for the next batch close to submit it (ARISE `Scheduled`).
    case scheduled
    /// An ACH debit the processor holds for review: not submitted until released (ARISE `HeldByProcessor`).
    case heldByProcessor
    /// An ACH debit submitted to the ACH network, not yet cleared (ARISE `InProgress`).
    case inProgress
    /// An ACH debit whose funds arrived: no return came within the clearing period (ARISE `Cleared`).
    case cleared
    /// An ACH debit cancelled before it was submitted (ARISE `Cancelled`).
    case cancelled
    /// An ACH debit the account holder's bank returned (ARISE `ChargedBack`): the money came back out.
    case chargedBack

    /// No further move is possible from a final status.
    public var isFinal: Bool {
        switch self {
        case .declined, .voided, .expired, .refunded, .failed, .approved, .verified, .cancelled, .chargedBack: return true
        case .pending, .pinRequired, .authorized, .captured, .scheduled, .heldByProcessor, .inProgress, .cleared: return false
        }
    }
}
