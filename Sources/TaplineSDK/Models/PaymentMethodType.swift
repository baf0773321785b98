/// How a transaction was paid (ARISE `PaymentMethodType`, with its numbers).
public enum PaymentMethodType: Int, Sendable, Equatable, CaseIterable {
    /// A credit or debit card.
    case card = 1
    /// An electronic check (ACH): ``TaplineClient/submitAchDebitTransaction(input:)``.
    case electronicCheck = 2
    /// Cash, which never reaches a payment gateway.
    case cash = 3
}
