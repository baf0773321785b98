/// What an ACH payment keeps of the account it debited (ARISE `AchDetailsDto`): the routing
/// number, the account number and tax id masked to their last four, a keyed hash of the
/// account number (to find payments from one account again), the kinds of account and
/// holder, and the holder's name. Never the whole account number.
public struct BankAccountDetails: Sendable, Equatable, Codable {
    public var routingNumber: String
    public var maskedAccountNumber: String
    public var accountNumberHash: String
    public var accountType: BankAccountType
    public var holderType: BankAccountHolderType
    public var holderName: String
    public var maskedTaxId: String?

    public init(
        routingNumber: String, maskedAccountNumber: String, accountNumberHash: String,
        accountType: BankAccountType, holderType: BankAccountHolderType, holderName: String, maskedTaxId: String? = nil
    ) {
        self.routingNumber = routingNumber
        self.maskedAccountNumber = maskedAccountNumber
        self.accountNumberHash = accountNumberHash
        self.accountType = accountType
        self.holderType = holderType
        self.holderName = holderName
        self.maskedTaxId = maskedTaxId
    }

    /// What is kept of `account`, with `hash` its account number's keyed hash.
    public init(_ account: BankAccount, accountNumberHash hash: String) {
        self.init(
            routingNumber: account.routingNumber.digits, maskedAccountNumber: Self.mask(account.accountNumber),
            accountNumberHash: hash, accountType: account.accountType, holderType: account.holderType,
            holderName: account.holderName, maskedTaxId: account.taxId.map(Self.mask))
    }

    /// Every character but the last four as `*`; a value of four or fewer is all `*`.
    public static func mask(_ value: String) -> String {
        let characters = Array(value)
        let shown = characters.count > 4 ? 4 : 0
        return String(repeating: "*", count: characters.count - shown) + String(characters.suffix(shown))
    }
}
