/// A bank account as the client sent it for an ACH debit: it goes to the processor and is
/// never stored or printed whole (see ``BankAccountDetails`` for what is kept).
public struct BankAccount: Sendable, Equatable, CustomStringConvertible {
    public var routingNumber: RoutingNumber
    /// 4 to 17 digits (the NACHA field's width).
    public var accountNumber: String
    public var accountType: BankAccountType
    public var holderType: BankAccountHolderType
    public var holderName: String
    /// The holder's tax id (EIN or SSN), when given; kept masked only.
    public var taxId: String?

    public init(
        routingNumber: RoutingNumber, accountNumber: String, accountType: BankAccountType,
        holderType: BankAccountHolderType, holderName: String, taxId: String? = nil
    ) {
        self.routingNumber = routingNumber
        self.accountNumber = accountNumber
        self.accountType = accountType
        self.holderType = holderType
        self.holderName = holderName
        self.taxId = taxId
    }

    /// The account number's accepted length, digits only.
    public static let accountNumberLengths = 4...17

    /// Only the last four digits show, so a log of a request never holds the account.
    public var description: String {
        "BankAccount(routing: \(routingNumber), account: \(BankAccountDetails.mask(accountNumber)), \(accountType.rawValue), \(holderType.rawValue))"
    }
}
