import PaymentCore

/// A dispute as a processor reports it: which of our payments, the processor's case number,
/// the scheme's reason code and the amount disputed.
public struct ProcessorDispute: Sendable, Equatable {
    /// Our id of the disputed sale or authorization.
    public var paymentId: String
    public var reference: String
    public var reasonCode: String
    public var reason: String?
    public var amount: Money

    public init(paymentId: String, reference: String, reasonCode: String, reason: String?, amount: Money) {
        self.paymentId = paymentId
        self.reference = reference
        self.reasonCode = reasonCode
        self.reason = reason
        self.amount = amount
    }
}
