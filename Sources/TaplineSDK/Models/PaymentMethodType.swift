/// How a transaction was paid (ARISE `PaymentMethodType`, with its numbers).
public enum PaymentMethodType: Int, Sendable, Equatable, CaseIterable {
    /// A credit or debit card: every Tapline payment so far.
    case card = 1
    /// An electronic check (ACH); Tapline does not take ACH payments yet.
    case electronicCheck = 2
    /// Cash, which never reaches a payment gateway.
    case cash = 3
}
