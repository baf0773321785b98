import GatewayAPI
import PaymentCore

/// Checks an ACH debit request field by field before anything is written, naming the first
/// field at fault. Messages never repeat the account number or tax id.
enum ACHDebitValidator {
    /// NACHA's individual name field is 22 characters wide.
    static let holderNameMaxLength = 22

    static func validate(_ body: ACHTransactionRequest, createdBy caller: Caller) throws -> NewACHDebit {
        let minor = try AmountField.positive(body.amount, field: "amount", hint: "minor units of USD, e.g. 1234 for 12.34")
        guard let currency = Currency(code: body.currency) else {
            throw GatewayFailure.invalid("currency", "unknown currency '\(body.currency.prefix(8))'; ACH takes USD", .unknownCurrency)
        }
        guard currency.code == "USD" else {
            throw GatewayFailure.invalid("currency", "ACH moves US dollars only; send USD, not \(currency.code)", .currencyNotAccepted)
        }
        let account = try readAccount(body.achDetails)
        try CardPaymentValidator.checkLength(body.referenceId, field: "referenceId")
        try CardPaymentValidator.checkLength(body.customerId, field: "customerId")
        try CardPaymentValidator.checkLength(body.customerEmail, field: "customerEmail")
        try CardPaymentValidator.checkLength(body.createdById, field: "createdById")
        return NewACHDebit(
            amount: Money(minorUnits: minor, currency: currency), account: account, referenceId: body.referenceId,
            customerId: body.customerId, customerEmail: body.customerEmail, createdById: body.createdById ?? caller.clientId)
    }

    private static func readAccount(_ details: ACHAccountRequest) throws -> BankAccount {
        let prefix = "achDetails."
        let number = details.customerAccountNumber
        guard BankAccount.accountNumberLengths.contains(number.utf8.count), isDigits(number) else {
            throw GatewayFailure.invalid(prefix + "customerAccountNumber", "achDetails.customerAccountNumber must be 4 to 17 digits")
        }
        guard details.customerRoutingNumber.utf8.count == 9, isDigits(details.customerRoutingNumber) else {
            throw GatewayFailure.invalid(prefix + "customerRoutingNumber", "achDetails.customerRoutingNumber must be the 9-digit ABA routing number")
        }
        guard let routing = RoutingNumber(details.customerRoutingNumber) else {
            throw GatewayFailure.invalid(
                prefix + "customerRoutingNumber", "achDetails.customerRoutingNumber \(details.customerRoutingNumber) fails the ABA check digit; check it for a mistyped digit")
        }
        guard let type = BankAccountType(rawValue: details.accountType) else {
            throw GatewayFailure.invalid(prefix + "accountType", "achDetails.accountType must be checking or savings")
        }
        guard let holder = BankAccountHolderType(rawValue: details.accountHolderType) else {
            throw GatewayFailure.invalid(prefix + "accountHolderType", "achDetails.accountHolderType must be business or personal")
        }
        let name = details.accountHolderName
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty, name.count <= holderNameMaxLength,
              !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw GatewayFailure.invalid(
                prefix + "accountHolderName", "achDetails.accountHolderName must be 1 to \(holderNameMaxLength) characters, no control characters")
        }
        if let taxId = details.taxId, taxId.utf8.count != 9 || !isDigits(taxId) {
            throw GatewayFailure.invalid(prefix + "taxId", "achDetails.taxId must be 9 digits (EIN or SSN, without dashes)")
        }
        return BankAccount(
            routingNumber: routing, accountNumber: number, accountType: type, holderType: holder, holderName: name, taxId: details.taxId)
    }

    private static func isDigits(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= 48 && $0 <= 57 }
    }
}
