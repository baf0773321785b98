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

    /// No further move is possible from a final status.
    public var isFinal: Bool {
        switch self {
        case .declined, .voided, .expired, .refunded, .failed, .approved, .verified: return true
        case .pending, .pinRequired, .authorized, .captured: return false
        }
    }
}
