import Foundation

/// A cardholder's dispute (chargeback) of one card payment, as the acquirer reported it, and
/// the merchant's answer. Amounts are the payment's currency, minor units.
public struct Dispute: Sendable, Equatable {
    public var id: String
    public var merchantId: String
    /// The disputed sale or authorization.
    public var paymentId: String
    /// The acquirer's case number: unique per merchant, so a dispute file imported twice
    /// changes nothing.
    public var reference: String
    /// The card scheme's reason code ("10.4", "4837").
    public var reasonCode: String
    /// The reason in words, when the acquirer gave one.
    public var reason: String?
    public var amount: Money
    public var status: DisputeStatus
    /// The last moment the merchant can answer.
    public var respondBy: Date
    /// The merchant's evidence in words; files are kept apart (``DisputeEvidenceFile``).
    public var evidenceText: String?
    public var evidenceSubmittedAt: Date?
    /// The `chargeback` transaction row that took the amount back, once lost or accepted.
    public var chargebackId: String?
    public var createdAt: Date
    public var updatedAt: Date
    public var closedAt: Date?

    public init(
        id: String, merchantId: String, paymentId: String, reference: String, reasonCode: String, reason: String? = nil,
        amount: Money, status: DisputeStatus = .needsResponse, respondBy: Date, createdAt: Date
    ) {
        self.id = id
        self.merchantId = merchantId
        self.paymentId = paymentId
        self.reference = reference
        self.reasonCode = reasonCode
        self.reason = reason
        self.amount = amount
        self.status = status
        self.respondBy = respondBy
        self.createdAt = createdAt
        self.updatedAt = createdAt
    }
}
