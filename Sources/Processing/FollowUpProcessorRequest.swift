import PaymentCore

/// A follow-up on an approved sale or authorization: capture, incremental authorization,
/// tip adjustment, void, reversal or refund.
public struct FollowUpProcessorRequest: Sendable, Equatable {
    /// The follow-up's own id; a repeated id gets the decision already made.
    public var transactionId: String
    /// Our id of the sale or authorization this follows up.
    public var originalTransactionId: String
    /// The processor's reference from the original's approval.
    public var originalReference: String?
    /// What the operation moves:
    /// - capture: the amount to capture (at most the authorized amount);
    /// - incremental authorization: the increase, not the new total;
    /// - tip adjustment: the new tip, replacing the old one (see ``newTotal``);
    /// - void: the whole outstanding amount (captured, or authorized if not captured);
    /// - reversal: the part of the outstanding amount to release;
    /// - refund: the amount to give back.
    public var amount: Money
    /// Tip adjustment only: the captured total once the new tip replaces the old one.
    ///
    /// The processor cannot work it out itself because it does not know which part of
    /// the original amount was tip.
    public var newTotal: Money?
    /// Void and reversal: what was outstanding (captured and not refunded, or the hold)
    /// before this operation. An acquirer's reversal names it and what stands after.
    public var outstandingBefore: Money?
    /// The original's approval code, what it was (a sale or an authorization) and its
    /// trace (the request the approval answered), which a completion or reversal refers to.
    public var originalAuthorizationCode: String?
    public var originalKind: AuthorizationRequest.Kind?
    public var originalTrace: String?
    /// This request's trace, from ``PaymentProcessor/prepareTrace(acquirer:)``.
    public var trace: String?
    /// The merchant's ids at the acquirer; nil where the processor needs none (the simulator).
    public var acquirer: AcquirerIdentity?

    public init(
        transactionId: String, originalTransactionId: String, originalReference: String?,
        amount: Money, newTotal: Money? = nil
    ) {
        self.transactionId = transactionId
        self.originalTransactionId = originalTransactionId
        self.originalReference = originalReference
        self.amount = amount
        self.newTotal = newTotal
    }

    /// A tip adjustment: `newTip` replaces the old tip, making the captured total `newTotal`.
    public static func tipAdjustment(
        transactionId: String, originalTransactionId: String, originalReference: String?,
        newTip: Money, newTotal: Money
    ) -> FollowUpProcessorRequest {
        FollowUpProcessorRequest(
            transactionId: transactionId, originalTransactionId: originalTransactionId,
            originalReference: originalReference, amount: newTip, newTotal: newTotal)
    }
}
