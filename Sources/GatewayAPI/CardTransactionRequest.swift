/// `POST /v1/transactions/sale` and `/authorization` with keyed card data
/// (ARISE `CardTransactionRequest`; amounts in minor units).
public struct CardTransactionRequest: Codable, Sendable, Equatable {
    /// Amount before tip, in minor units of `currency` (1234 = 12.34 USD).
    public var amount: Int64
    /// ISO 4217 code, e.g. "USD".
    public var currency: String
    /// "manual" for keyed card data.
    public var cardDataSource: String?
    public var accountNumber: String
    public var expirationMonth: Int
    /// Two or four digits.
    public var expirationYear: Int
    public var securityCode: String?
    /// Tip in minor units, added to `amount`.
    public var tipAmount: Int64?
    public var customerId: String?
    /// The merchant's own reference (order number).
    public var referenceId: String?
    public var contactInfo: ContactInfo?
    /// Terminal, device or invoice that created the transaction.
    public var createdById: String?
    /// ARISE `CreateMethodId` raw value; defaults to API token (2).
    public var createMethodId: Int?
    /// How amount + tip divides; its parts must add up to them, and its tip is the tip.
    public var breakdown: BreakdownRequest?

    public init(amount: Int64, currency: String, accountNumber: String, expirationMonth: Int, expirationYear: Int,
                securityCode: String? = nil, tipAmount: Int64? = nil, referenceId: String? = nil) {
        self.amount = amount
        self.currency = currency
        self.cardDataSource = "manual"
        self.accountNumber = accountNumber
        self.expirationMonth = expirationMonth
        self.expirationYear = expirationYear
        self.securityCode = securityCode
        self.tipAmount = tipAmount
        self.referenceId = referenceId
    }
}

/// Who the customer is (ARISE `ContactInfoDto`).
public struct ContactInfo: Codable, Sendable, Equatable {
    public var firstName: String?
    public var lastName: String?
    public var companyName: String?
    public var email: String?
    public var mobileNumber: String?

    public init(firstName: String? = nil, lastName: String? = nil, companyName: String? = nil, email: String? = nil, mobileNumber: String? = nil) {
        self.firstName = firstName
        self.lastName = lastName
        self.companyName = companyName
        self.email = email
        self.mobileNumber = mobileNumber
    }
}
