/// Where a cardholder's dispute of a card payment stands.
///
/// A dispute opens `needsResponse`. The merchant then accepts it (`accepted`: closed, the
/// amount is debited) or submits evidence (`underReview`). The acquirer decides: `won`
/// (closed, nothing debited) or `lost` (closed, debited). A dispute left unanswered past its
/// deadline is decided by the acquirer too, usually `lost`.
public enum DisputeStatus: String, Sendable, Codable, CaseIterable {
    case needsResponse
    case underReview
    case won
    case lost
    case accepted

    /// Won, lost or accepted: nothing more can happen to it.
    public var isClosed: Bool { self == .won || self == .lost || self == .accepted }

    /// Lost or accepted: the disputed amount is taken back from the merchant.
    public var debitsMerchant: Bool { self == .lost || self == .accepted }
}
