/// A payment's running totals at one moment, in minor units of its currency: what the
/// dashboard's timeline shows before and after each operation.
public struct PaymentBalance: Sendable, Equatable, Codable {
    public var authorized: Int64
    public var captured: Int64
    public var refunded: Int64
    public var tip: Int64

    public init(authorized: Int64, captured: Int64, refunded: Int64, tip: Int64) {
        self.authorized = authorized
        self.captured = captured
        self.refunded = refunded
        self.tip = tip
    }

    /// The totals `payment` holds now.
    public init(of payment: Transaction) {
        self.init(authorized: payment.authorizedAmount, captured: payment.capturedAmount, refunded: payment.refundedAmount, tip: payment.tipAmount)
    }

    /// Nothing authorized, captured, refunded or tipped: a payment before its processor answered.
    public static let zero = PaymentBalance(authorized: 0, captured: 0, refunded: 0, tip: 0)
}
