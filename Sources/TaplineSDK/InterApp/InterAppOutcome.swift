/// What a performer reports once it has run an inter-app request: everything the result
/// URL needs. The handler turns it into an ``InterAppResponse``.
///
/// What a Tapline performer puts in each field:
/// - ``orderCode``: the Tapline transaction id of the payment (for a capture or cancel, the
///   original's, so the caller can name the same payment again);
/// - ``shortOrderCode``: the first 13 characters of ``orderCode``, the millisecond its id was made;
/// - ``transactionId``: the id of the transaction this request created: the sale or
///   pre-authorisation itself, or the capture or refund linked to the original;
/// - ``tid``: the terminal id of this device, at most 12 characters.
public struct InterAppOutcome: Sendable, Hashable {
    /// Whether the processor approved the operation. A decline is an outcome, not an error.
    public var approved: Bool
    /// A sentence about the result; when empty, the handler writes a generic one.
    public var message: String
    /// The amount processed, in minor units: what was charged, held, captured or refunded.
    public var amount: Int64?
    /// The card's type as people read it, e.g. `Visa`.
    public var cardType: String?
    /// The card number, masked (`537489******1831`). A full number given here is masked by
    /// the handler before it goes anywhere; any other form is left out of the result.
    public var accountNumber: String?
    /// The Tapline transaction id of the payment.
    public var orderCode: String?
    /// The first 10 characters of ``orderCode``.
    public var shortOrderCode: String?
    /// The terminal id, at most 12 characters; a longer one is left out of the result.
    public var tid: String?
    /// When the transaction happened.
    public var transactionDate: InterAppTimestamp?
    /// The id of the transaction this request created.
    public var transactionId: String?

    /// An outcome; only whether it was approved is required.
    public init(
        approved: Bool, message: String = "", amount: Int64? = nil, cardType: String? = nil,
        accountNumber: String? = nil, orderCode: String? = nil, shortOrderCode: String? = nil, tid: String? = nil,
        transactionDate: InterAppTimestamp? = nil, transactionId: String? = nil
    ) {
        self.approved = approved
        self.message = message
        self.amount = amount
        self.cardType = cardType
        self.accountNumber = accountNumber
        self.orderCode = orderCode
        self.shortOrderCode = shortOrderCode
        self.tid = tid
        self.transactionDate = transactionDate
        self.transactionId = transactionId
    }
}
