import CardData
import Foundation
import GatewayAPI
import PaymentCore

/// Checks a keyed sale or authorization request field by field before anything is written,
/// naming the first field at fault.
struct CardPaymentValidator: Sendable {
    let now: @Sendable () -> Date

    func validate(_ body: CardTransactionRequest, type: TransactionType, createdBy caller: Caller) throws -> NewPayment {
        guard let currency = Currency(code: body.currency) else {
            throw GatewayFailure.invalid("currency", "unknown currency '\(body.currency)'; use an ISO 4217 code such as USD", .unknownCurrency)
        }
        // An authorization of zero is a card verification (ARISE CardAuthentication).
        let verifying = type == .authorization && body.amount == 0
        if verifying {
            try Self.checkVerification(body)
        } else {
            _ = try AmountField.positive(
                body.amount, field: "amount", hint: "minor units, e.g. 1234 for 12.34; 0 only on an authorization, to verify the card")
        }
        let breakdown = try BreakdownRules.canonical.parse(body.breakdown)
        let tip = try AmountField.nonNegative(
            BreakdownRules.canonical.tip(requestTip: body.tipAmount, breakdown: breakdown, tipField: "tipAmount"), field: "tipAmount")
        guard body.amount <= Money.largestMinorUnits - tip else {
            throw GatewayFailure.invalid("amount", "amount plus tipAmount must be at most \(Money.largestMinorUnits) minor units", .amount)
        }
        try BreakdownRules.check(breakdown, total: body.amount + tip)
        if let source = body.cardDataSource, source != "manual" {
            throw GatewayFailure.invalid("cardDataSource", "keyed card data must have cardDataSource \"manual\"")
        }
        let card: KeyedCard
        do {
            card = try KeyedCard(pan: body.accountNumber, expiryMonth: body.expirationMonth,
                                 expiryYear: body.expirationYear, securityCode: body.securityCode)
        } catch {
            throw Self.fieldError(error)
        }
        guard card.expiry.isValid(at: now()) else {
            throw GatewayFailure.invalid("expirationYear", "the card expired at the end of \(card.expiry)", .cardExpired)
        }
        let createMethod = try body.createMethodId.map { id in
            guard let method = CreateMethod(rawValue: id) else {
                throw GatewayFailure.invalid("createMethodId", "createMethodId must be 1–9 (ARISE CreateMethodId)")
            }
            return method
        } ?? .apiToken
        try Self.checkLength(body.referenceId, field: "referenceId")
        try Self.checkLength(body.customerId, field: "customerId")
        try Self.checkLength(body.createdById, field: "createdById")
        return NewPayment(
            type: verifying ? .cardAuthentication : type, currency: currency, baseAmount: body.amount, tipAmount: tip, card: card,
            referenceId: body.referenceId, customerId: body.customerId, customerName: Self.customerName(body.contactInfo),
            customerEmail: body.contactInfo?.email, createdById: body.createdById ?? caller.clientId, createMethod: createMethod,
            breakdown: breakdown)
    }

    /// A verification moves no money, so it takes no tip and no breakdown.
    private static func checkVerification(_ body: CardTransactionRequest) throws {
        if let tip = body.tipAmount, tip != 0 {
            throw GatewayFailure.invalid("tipAmount", "a card verification (amount 0) takes no tip", .amount)
        }
        if body.breakdown != nil {
            throw GatewayFailure.invalid("breakdown", "a card verification (amount 0) has no breakdown")
        }
    }

    /// Which request field a card-data refusal is about. The messages never carry the number.
    private static func fieldError(_ error: CardDataError) -> GatewayFailure {
        switch error {
        case .invalidCharacters, .invalidLength, .failedLuhnCheck:
            return .invalid("accountNumber", "accountNumber: \(error)", .cardNumber)
        case .invalidExpiryMonth, .invalidExpiryFormat:
            return .invalid("expirationMonth", "\(error)", .expiry)
        case .invalidExpiryYear:
            return .invalid("expirationYear", "\(error)", .expiry)
        case .invalidSecurityCode:
            return .invalid("securityCode", "securityCode must be 3 or 4 digits")
        case .invalidPIN:
            return .invalid("pin", "\(error)")
        }
    }


    /// "First Last" from the contact, nil when it has neither.
    static func customerName(_ contact: ContactInfo?) -> String? {
        let name = [contact?.firstName, contact?.lastName].compactMap { $0 }.joined(separator: " ")
        return name.isEmpty ? nil : name
    }

    static func checkLength(_ value: String?, field: String) throws {
        guard let value else { return }
        guard !value.isEmpty, value.count <= 255 else { throw GatewayFailure.invalid(field, "\(field) must be 1 to 255 characters") }
    }
}
