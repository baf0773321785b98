import CardData
import Foundation
import GatewayAPI
import PaymentCore
import Processing

/// Checks a keyed or swiped sale or authorization request field by field before anything is
/// written, naming the first field at fault. Every field of ARISE `CardTransactionRequest`
/// is applied or refused here with the reason (README, "Keyed payments: every field").
struct CardPaymentValidator: Sendable {
    let now: @Sendable () -> Date
    /// The gateway's processors: the `paymentProcessorId`s a payment may name.
    let processors: [ProcessorIdentity]

    func validate(_ body: CardTransactionRequest, type: TransactionType, createdBy caller: Caller) throws -> NewPayment {
        let processorId = try checkProcessor(body.paymentProcessorId)
        let currency = try CurrencyField.parse(body.currency)
        // An authorization of zero is a card verification (ARISE CardAuthentication): no price.
        let verifying = type == .authorization && body.amount == 0
        if verifying {
            try Self.checkVerification(body)
        } else {
            _ = try AmountField.positive(
                body.amount, field: "amount", hint: "minor units, e.g. 1234 for 12.34; 0 only on an authorization, to verify the card")
        }
        let source = try CardSource.read(body, now: now())
        let priced = verifying ? PricedAmount(tip: 0, breakdown: nil, options: nil) : try PricedAmount.read(body, currency: currency)
        let createMethod = try body.createMethodId.map { id in
            guard let method = CreateMethod(rawValue: id) else {
                throw GatewayFailure.invalid("createMethodId", "createMethodId must be 1–9 (ARISE CreateMethodId)")
            }
            return method
        } ?? .apiToken
        try Self.checkLength(body.referenceId, field: "referenceId")
        try Self.checkLength(body.customerId, field: "customerId")
        try Self.checkLength(body.createdById, field: "createdById")
        let customer = try CustomerFields.read(body)
        var entry = source.entry
        entry.customerInitiated = body.customerInitiatedTransaction
        var payment = NewPayment(
            type: verifying ? .cardAuthentication : type, currency: currency, baseAmount: body.amount, tipAmount: priced.tip, card: .clear(source.card),
            referenceId: body.referenceId, customerId: body.customerId, customerName: Self.customerName(body.contactInfo),
            customerEmail: body.contactInfo?.email, createdById: body.createdById ?? caller.clientId, createMethod: createMethod,
            breakdown: priced.breakdown, chip: source.chip)
        payment.pricing = priced.options
        payment.entryMode = source.entryMode
        payment.cardEntry = entry.isEmpty ? nil : entry
        payment.billingAddress = customer.billing
        payment.shippingAddress = customer.shipping
        payment.contact = customer.contact
        payment.processorId = processorId
        return payment
    }

    /// `paymentProcessorId`, when sent, must be one of this gateway's processors, which then
    /// takes the payment.
    private func checkProcessor(_ id: String?) throws -> String? {
        guard let id else { return nil }
        if let known = processors.first(where: { $0.id == id.lowercased() }) { return known.id }
        let names = processors.map { "\($0.id) (\($0.name))" }.joined(separator: ", ")
        throw GatewayFailure.invalid(
            "paymentProcessorId",
            "paymentProcessorId '\(id.prefix(64))' is not a processor of this gateway; use \(names), as GET /v1/settings/payment lists them, or leave it out")
    }

    /// A verification moves no money, so it takes nothing that prices one.
    private static func checkVerification(_ body: CardTransactionRequest) throws {
        if let tip = body.tipAmount, tip != 0 {
            throw GatewayFailure.invalid("tipAmount", "a card verification (amount 0) takes no tip", .amount)
        }
        let pricing: [(String, Bool)] = [
            ("tipRate", body.tipRate != nil), ("percentageOffRate", body.percentageOffRate != nil),
            ("surchargeRate", body.surchargeRate != nil), ("useCardPrice", body.useCardPrice != nil), ("breakdown", body.breakdown != nil),
        ]
        if let (field, _) = pricing.first(where: { $0.1 }) {
            throw GatewayFailure.invalid(field, "a card verification (amount 0) has no price, so it takes no \(field)")
        }
    }

    /// Which request field a card-data refusal is about. The messages never carry the number.
    static func fieldError(_ error: CardDataError) -> GatewayFailure {
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
        case .invalidTrack2:
            return .invalid("track2", "\(error)", .cardData)
        }
    }

    /// "First Last" from the contact, nil when it has neither.
    static func customerName(_ contact: ContactInfo?) -> String? {
        let name = [contact?.firstName, contact?.lastName].compactMap { $0 }.joined(separator: " ")
        return name.isEmpty ? nil : name
    }

    static func checkLength(_ value: String?, field: String, max: Int = 255) throws {
        guard let value else { return }
        guard !value.isEmpty, value.count <= max else { throw GatewayFailure.invalid(field, "\(field) must be 1 to \(max) characters") }
    }
}
