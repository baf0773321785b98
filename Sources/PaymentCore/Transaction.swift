import Foundation

/// One transaction row: an original payment (sale or authorization) or a follow-up
/// operation linked to one through `parentId`.
///
/// Amounts are minor units of `currency`. On an original, `authorizedAmount`,
/// `capturedAmount`, `refundedAmount` and `tipAmount` are the payment's running totals,
/// changed only through ``PaymentLifecycle`` so the invariants
/// captured ≤ authorized and refunded ≤ captured always hold.
public struct Transaction: Sendable, Equatable, Codable {
    public var id: String
    public var merchantId: String
    public var type: TransactionType
    public var status: TransactionStatus
    /// The original this follow-up belongs to; nil on an original.
    public var parentId: String?
    public var currency: Currency
    /// What this row asked for: the total of a sale or authorization, the amount of a follow-up.
    public var amount: Int64
    public var authorizedAmount: Int64 = 0
    public var capturedAmount: Int64 = 0
    public var refundedAmount: Int64 = 0
    /// On a payment: what its lost or accepted disputes took back (their `chargeback` rows).
    public var chargedBackAmount: Int64 = 0
    public var tipAmount: Int64 = 0
    /// Refund amounts reserved by refunds still waiting for the processor.
    public var pendingRefundAmount: Int64 = 0
    /// The follow-up, other than a refund, now waiting for the processor; it excludes every other move.
    public var pendingOperationId: String?
    public var card: CardSummary?
    public var processorResult: ProcessorResult?
    /// The processor's name for the last request sent for this row, taken before it was sent
    /// (ISO 8583: STAN and transmission time), so a completion, a refund or a reversal, even
    /// after a crash, can name it. Nil with the simulator. Not shown in the API.
    public var processorTrace: String?
    /// Set when the issuer asked for a PIN (single tap and PIN); kept afterwards as the record of the tries.
    public var pinChallenge: PINChallenge?
    /// Set on payments from a tapped card.
    public var cardPresent: CardPresentDetails?
    public var referenceId: String?
    public var customerId: String?
    public var customerName: String?
    public var customerEmail: String?
    /// Who created it (terminal, device or API client id).
    public var createdById: String?
    public var createMethod: CreateMethod
    public var batchId: String?
    public var settledAt: Date?
    public var createdAt: Date
    public var updatedAt: Date
    /// How the total divides (subtotal, tax, tip, surcharge), when the client said. On a
    /// payment: the latest one, replaced by an approved capture or tip adjustment that
    /// carries one; on a follow-up: the one it was sent with.
    public var breakdown: PaymentBreakdown?
    /// What the app attached to the payment (Toro's `additionalInformation`), as the JSON
    /// object text it sent, checked for size; the gateway does not read it.
    public var additionalInformation: String?
    /// The cardholder's signature taken in the app (Toro's app signature mode): a PNG or
    /// JPEG image, base64, at most ``signatureMaxBytes`` decoded. Nil when none was taken.
    public var signature: String?
    public static let signatureMaxBytes = 65_536
    /// Set in phase 1 on a tapped sale or authorization whose card asked for a signature
    /// (CVM results) when the merchant does not waive it: the payment is held, not
    /// captured, and a capture is refused until ``signature`` is stored
    /// (``PaymentLifecycle/requireSignature(_:on:waived:)``).
    public var signatureRequired = false
    /// A payment's price part by part (ARISE `AmountDto`): base, percentage off, cash
    /// discount, surcharge, tip and tax, each with its rate (exact percentages); its total
    /// is what was asked of the card. Every sale and authorization has one, keyed or tapped:
    /// the merchant's pricing, the parts the client sent, its breakdown's parts, or else its
    /// amount and tip. Nil on follow-up operations and on rows older than it.
    public var amountDetails: AmountBreakdown?
    /// The processor that decided the payment (`ProcessorIdentity.id`); nil on rows older than it.
    public var processorId: String?
    public var billingAddress: PostalAddress?
    public var shippingAddress: PostalAddress?
    /// Contact details besides `customerName` and `customerEmail`.
    public var contact: ContactDetails?
    /// What address verification answered for `billingAddress`; nil when it was not asked.
    public var avsResult: AVSResult?
    /// Customer-initiated flag and EMV fallback reasons of a keyed or swiped payment.
    public var cardEntry: CardEntryDetails?
    /// The bank account of an ACH debit (and of its cancel and refunds); nil on card payments.
    public var bankAccount: BankAccountDetails?
    /// The payment's totals right after this row's processor answer was applied: on a
    /// follow-up, the parent's; on an original, its own. Kept so a timeline can say what
    /// each operation changed; nil while pending and on rows older than it.
    public var balanceAfter: PaymentBalance?

    public init(
        id: String, merchantId: String, type: TransactionType, status: TransactionStatus,
        parentId: String? = nil, currency: Currency, amount: Int64,
        createMethod: CreateMethod = .apiToken, createdAt: Date
    ) {
        self.id = id
        self.merchantId = merchantId
        self.type = type
        self.status = status
        self.parentId = parentId
        self.currency = currency
        self.amount = amount
        self.createMethod = createMethod
        self.createdAt = createdAt
        self.updatedAt = createdAt
    }

    /// The amount of this row as money.
    public var money: Money { Money(minorUnits: amount, currency: currency) }

    /// Captured and not yet refunded or reserved for a refund in flight; zero unless the
    /// payment is `captured`, or an ACH debit `cleared` (a voided payment's captured amount
    /// is history, not money).
    public var refundableAmount: Int64 {
        guard status == .captured || status == .cleared else { return 0 }
        return max(0, capturedAmount - refundedAmount - pendingRefundAmount - chargedBackAmount)
    }

    /// What a payment nets the merchant: captured, less refunded and less what disputes took
    /// back. Each is from 0 to Int64's largest and their sum at most the captured amount, so it fits.
    public var netAmount: Int64 { capturedAmount - refundedAmount - chargedBackAmount }

    public var isSettled: Bool { settledAt != nil }

    /// ARISE `PaymentMethodType`: a bank account (ACH) or a card.
    public var paymentMethod: PaymentMethod { bankAccount == nil ? .card : .electronicCheck }
}
