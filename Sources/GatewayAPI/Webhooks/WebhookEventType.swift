/// The events a webhook endpoint can subscribe to: every change of a payment, and the
/// acquirer's answer to a closed batch.
public enum WebhookEventType: String, Codable, Sendable, CaseIterable {
    /// A sale, authorization or unreferenced refund was recorded (before the processor answered).
    case created = "transaction.created"
    /// An authorization, or an incremental authorization, was approved.
    case authorized = "transaction.authorized"
    /// A sale was approved, or an authorization captured.
    case captured = "transaction.captured"
    /// The tip was adjusted.
    case adjusted = "transaction.adjusted"
    /// A reverse was approved.
    case reversed = "transaction.reversed"
    /// A void was approved.
    case voided = "transaction.voided"
    /// A refund was approved.
    case refunded = "transaction.refunded"
    /// The payment, or an operation on it, was declined (a PIN window that passed included).
    case declined = "transaction.declined"
    /// A card verification (zero-amount authorization) found the card good.
    case verified = "transaction.verified"
    /// An ACH debit was accepted and waits for the next batch close to submit it.
    case scheduled = "transaction.scheduled"
    /// The processor holds an ACH debit for review.
    case held = "transaction.held"
    /// A submitted ACH debit cleared: the funds arrived.
    case cleared = "transaction.cleared"
    /// The account holder's bank returned a submitted ACH debit (`data.payment.processor`
    /// carries the NACHA return code).
    case chargedBack = "transaction.charged_back"
    /// An authorization passed its window.
    case expired = "transaction.expired"
    /// A batch close settled the payment or refund.
    case settled = "transaction.settled"
    /// The processor failed or did not answer: the payment or operation failed.
    case failed = "transaction.failed"
    /// The acquirer answered a closed batch's totals: `data.batch.reconciliation` says whether
    /// its books agree (`agreed`) or not (`mismatch`). Only with an acquirer link.
    case batchReconciled = "batch.reconciled"
    /// A cardholder disputed a card payment (`data.dispute`).
    case disputeCreated = "dispute.created"
    /// A dispute moved without closing: the merchant's evidence, or the acquirer's review.
    case disputeUpdated = "dispute.updated"
    /// A dispute closed: `won`, `lost` or `accepted`; lost or accepted took the amount back
    /// (`data.dispute.chargebackId`).
    case disputeClosed = "dispute.closed"

    /// What an endpoint lists to receive every event.
    public static let wildcard = "*"
}
