import GatewayAPI
import PaymentCore

/// The bank account of an ACH transaction (ARISE `AchDetailsDto`): the account number and
/// tax id masked to their last four.
public struct AchDetails: Sendable, Equatable {
    /// Masked: `*****6789`.
    public var customerAccountNumber: String?
    public var customerRoutingNumber: String?
    public var accountHolderType: AccountHolderType?
    public var accountType: AccountType?
    /// Masked to the last four.
    public var taxId: String?
    /// The name on the account.
    public var accountHolderName: String?
    /// The NACHA entry class it was sent as: CCD (business) or PPD (personal).
    public var entryClass: String?

    init(_ resource: ACHDetailsResource) {
        customerAccountNumber = resource.customerAccountNumber
        customerRoutingNumber = resource.customerRoutingNumber
        accountHolderType = BankAccountHolderType(rawValue: resource.accountHolderType).map(AccountHolderType.init)
        accountType = BankAccountType(rawValue: resource.accountType).map(AccountType.init)
        taxId = resource.taxId
        accountHolderName = resource.accountHolderName
        entryClass = resource.entryClass
    }
}
