import PaymentCore

/// A validated ACH debit request: the amount, the account and the merchant's references.
struct NewACHDebit: Sendable {
    var amount: Money
    var account: BankAccount
    var referenceId: String?
    var customerId: String?
    var customerEmail: String?
    var createdById: String?
}
