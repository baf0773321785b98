/// Where a submitted ACH debit stands at the processor.
public enum ACHClearingStatus: Sendable, Equatable {
    /// Submitted, and neither cleared nor returned yet.
    case inClearing
    /// The clearing period passed with no return: the funds are the merchant's.
    case cleared
    /// The account holder's bank returned the debit: `code` is the NACHA return reason
    /// (R01 insufficient funds, R02 account closed, …).
    case returned(code: String, reason: String)
}
