import PaymentCore

/// The bank account of an ACH transaction as the API shows it (ARISE `AchDetailsDto`): the
/// account number and tax id masked to their last four.
public struct ACHDetailsResource: Codable, Sendable, Equatable {
    public var customerAccountNumber: String
    public var customerRoutingNumber: String
    /// "checking" or "savings".
    public var accountType: String
    /// "business" or "personal".
    public var accountHolderType: String
    public var accountHolderName: String
    public var taxId: String?
    /// The NACHA entry class the debit was sent as: CCD (business) or PPD (personal).
    public var entryClass: String

    public init(_ account: BankAccountDetails) {
        customerAccountNumber = account.maskedAccountNumber
        customerRoutingNumber = account.routingNumber
        accountType = account.accountType.rawValue
        accountHolderType = account.holderType.rawValue
        accountHolderName = account.holderName
        taxId = account.maskedTaxId
        entryClass = account.holderType.entryClass
    }
}
