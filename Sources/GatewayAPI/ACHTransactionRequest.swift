/// `POST /v1/transactions/ach`: debit a bank account over ACH (ARISE `PaymentMethodType`
/// electronicCheck, `TransactionType` AchDebit). The debit is `scheduled` until the next
/// batch close submits it, then `inProgress` until it clears (README, "ACH").
public struct ACHTransactionRequest: Codable, Sendable, Equatable {
    /// Minor units of `currency`, greater than zero.
    public var amount: Int64
    /// "USD": ACH moves US dollars only.
    public var currency: String
    /// The account to debit.
    public var achDetails: ACHAccountRequest
    /// The merchant's own reference (order number).
    public var referenceId: String?
    public var customerId: String?
    public var customerEmail: String?
    /// Terminal, device or invoice that created the transaction; the API client when left out.
    public var createdById: String?

    public init(amount: Int64, currency: String = "USD", achDetails: ACHAccountRequest, referenceId: String? = nil) {
        self.amount = amount
        self.currency = currency
        self.achDetails = achDetails
        self.referenceId = referenceId
    }
}

/// The bank account of an ACH debit, in ARISE `AchDetailsDto`'s names. The account number
/// and tax id go to the processor and are kept masked to their last four only.
public struct ACHAccountRequest: Codable, Sendable, Equatable {
    /// 4 to 17 digits.
    public var customerAccountNumber: String
    /// The nine-digit ABA routing number (its check digit is verified).
    public var customerRoutingNumber: String
    /// "checking" or "savings" (ARISE `AccountType` 1, 2).
    public var accountType: String
    /// "business" or "personal" (ARISE `AccountHolderType` 1, 2).
    public var accountHolderType: String
    /// The name on the account, 1 to 22 characters (the ACH entry's width).
    public var accountHolderName: String
    /// The holder's EIN or SSN, 9 digits, when the processor asks for it.
    public var taxId: String?

    public init(
        customerAccountNumber: String, customerRoutingNumber: String, accountType: String, accountHolderType: String,
        accountHolderName: String, taxId: String? = nil
    ) {
        self.customerAccountNumber = customerAccountNumber
        self.customerRoutingNumber = customerRoutingNumber
        self.accountType = accountType
        self.accountHolderType = accountHolderType
        self.accountHolderName = accountHolderName
        self.taxId = taxId
    }
}
