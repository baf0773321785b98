import PaymentCore

/// An ACH debit sent to the processor: our id, the amount and the account to debit.
/// Printing it shows the account masked (``BankAccount`` redacts itself).
public struct ACHDebitRequest: Sendable, Equatable {
    /// Our id; a repeated id gets the decision already made.
    public var transactionId: String
    public var amount: Money
    public var account: BankAccount
    /// What the account holder's statement shows, at most 10 characters (NACHA's company entry description).
    public var entryDescription: String

    public init(transactionId: String, amount: Money, account: BankAccount, entryDescription: String = "PAYMENT") {
        self.transactionId = transactionId
        self.amount = amount
        self.account = account
        self.entryDescription = entryDescription
    }

    /// The NACHA entry class: CCD for a business account, PPD for a person's.
    public var entryClass: String { account.holderType.entryClass }
}
