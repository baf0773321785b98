import Foundation
import GatewayAPI
import PaymentCore

/// An ACH debit of a bank account (ARISE `PaymentMethodType` electronicCheck), for
/// ``TaplineClient/submitAchDebitTransaction(input:)``. The account number goes to the
/// gateway over TLS and is kept there masked to its last four.
public struct AchTransactionInput: Sendable, Equatable {
    /// In major units of `currency` (25.00); USD only.
    public var amount: MajorUnits
    public var currency: Currency
    /// 4 to 17 digits.
    public var accountNumber: String
    /// The nine-digit ABA routing number.
    public var routingNumber: String
    public var accountType: AccountType
    public var accountHolderType: AccountHolderType
    /// The name on the account, at most 22 characters.
    public var accountHolderName: String
    /// The holder's EIN or SSN, 9 digits, when the processor asks for it.
    public var taxId: String?
    public var referenceId: String?
    public var customerId: String?
    public var customerEmail: String?

    public init(
        amount: MajorUnits, currency: Currency = .usd, accountNumber: String, routingNumber: String,
        accountType: AccountType = .checking, accountHolderType: AccountHolderType = .personal, accountHolderName: String,
        taxId: String? = nil, referenceId: String? = nil
    ) {
        self.amount = amount
        self.currency = currency
        self.accountNumber = accountNumber
        self.routingNumber = routingNumber
        self.accountType = accountType
        self.accountHolderType = accountHolderType
        self.accountHolderName = accountHolderName
        self.taxId = taxId
        self.referenceId = referenceId
    }

    /// The wire request in minor units. The routing number's check digit is verified here,
    /// so a mistyped one is caught before a round trip; the gateway checks every field again.
    func wire() throws(TaplineAPIError) -> ACHTransactionRequest {
        let minor = try AmountConversion.minorUnits(amount, currency, field: "amount", allowZero: false)
        guard RoutingNumber(routingNumber) != nil else {
            throw .badRequest(.invalidInput("routingNumber", "routingNumber must be a 9-digit ABA routing number with a good check digit"))
        }
        try InputCheck.text(referenceId, field: "referenceId")
        try InputCheck.text(customerId, field: "customerId")
        try InputCheck.text(customerEmail, field: "customerEmail")
        let account = ACHAccountRequest(
            customerAccountNumber: accountNumber, customerRoutingNumber: routingNumber, accountType: accountType.bankAccountType.rawValue,
            accountHolderType: accountHolderType.holderType.rawValue, accountHolderName: accountHolderName, taxId: taxId)
        var request = ACHTransactionRequest(amount: minor, currency: currency.code, achDetails: account, referenceId: referenceId)
        request.customerId = customerId
        request.customerEmail = customerEmail
        return request
    }
}
