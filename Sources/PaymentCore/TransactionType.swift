/// What a transaction row did. A payment starts with a sale or an authorization; every
/// follow-up is a row of its own, linked to that original.
public enum TransactionType: String, Sendable, Codable, CaseIterable {
    case sale
    case authorization
    case capture
    case incrementalAuthorization
    case tipAdjustment
    case void
    case reversal
    case refund
    /// A zero-amount check that the card is good (ARISE `CardAuthentication`): nothing is
    /// held or moved; it ends `verified` or `declined`, and nothing follows it.
    case cardAuthentication
    /// A debit of a bank account over ACH (ARISE `AchDebit`): a payment of its own life,
    /// `scheduled` until a batch close submits it, `inProgress` until it clears (see
    /// `PaymentLifecycle+ACH`). Its void is a cancel and its refund a credit back to the account.
    case achDebit
    /// A card payment's lost or accepted dispute taking the amount back from the merchant: a
    /// row of its own under the payment, `approved`, counted (negative) in the open batch.
    /// Made by the gateway, never by a client.
    case chargeback

    /// A sale, an authorization or an ACH debit: the row that carries the payment's status and amounts.
    public var isOriginal: Bool { self == .sale || self == .authorization || self == .achDebit }
}
