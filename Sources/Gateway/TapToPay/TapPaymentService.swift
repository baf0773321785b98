import CardData
import GatewayAPI
import Foundation
import Logging
import PaymentCore
import Storage

/// Payments and refunds from a tapped card: checks the tap against the request, then runs
/// them through the same services as keyed payments and follow-ups.
struct TapPaymentService: Sendable {
    let store: any Store
    let payments: PaymentService
    let followUps: FollowUpService
    let panHasher: PANHasher

    /// What the request says besides the card; every field may be left to the sealed data.
    struct Terms: Sendable {
        var amount: Int64?
        var currency: Currency?
        var tipAmount: Int64 = 0
        var referenceId: String?
        var customerId: String?
        var customerName: String?
        var customerEmail: String?
        var createdById: String?
        /// Checked against the total, which may come from the sealed data.
        var breakdown: PaymentBreakdown?
        /// The price part by part, checked against the total like ``breakdown``.
        var amountDetails: AmountBreakdown?
        /// The app's own data, checked and encoded (``AdditionalInformationRules``).
        var additionalInformation: String?
    }

    /// A sale or authorization from a tap.
    func pay(
        _ type: TransactionType, tap: OpenedTap, terms: Terms, deviceId: String, merchantId: String,
        idempotency: IdempotencyClaim?, logger: Logger
    ) async throws -> Transaction {
        guard tap.kind != .refund else {
            throw GatewayFailure.invalid("paymentCardData", "the card was read for a refund, not a \(type.rawValue)", .cardReadMismatch)
        }
        let total = try Self.amount(of: tap, terms: terms)
        try BreakdownRules.check(terms.breakdown, total: total.minorUnits)
        try AmountPartsRules.check(terms.amountDetails, total: total.minorUnits)
        var payment = NewPayment(
            type: type, currency: total.currency, baseAmount: total.minorUnits - terms.tipAmount, tipAmount: terms.tipAmount,
            card: tap.card, referenceId: terms.referenceId, customerId: terms.customerId, customerName: terms.customerName,
            customerEmail: terms.customerEmail, createdById: terms.createdById ?? deviceId, createMethod: .tapToPay,
            tap: proof(tap, deviceId: deviceId))
        payment.breakdown = terms.breakdown
        payment.amountDetails = terms.amountDetails
        payment.additionalInformation = terms.additionalInformation
        payment.chip = tap.chip
        return try await payments.create(payment, merchantId: merchantId, idempotency: idempotency, logger: logger)
    }

    /// How a card-present refund ended: linked to the payment it refunds, or standing alone.
    enum Refund: Sendable {
        case linked(operation: Transaction, payment: Transaction)
        case unreferenced(Transaction)

        /// The refund's own row.
        var refund: Transaction {
            switch self {
            case .linked(let operation, _): return operation
            case .unreferenced(let refund): return refund
            }
        }
    }

    /// A refund to a tapped card: linked to the payment `originalTransactionId` names, or
    /// the latest captured payment with the merchant's reference; otherwise an unreferenced
    /// refund, which only a caller with that permission may make.
    func refund(
        tap: OpenedTap, terms: Terms, originalTransactionId: String?, deviceId: String, caller: Caller,
        idempotency: IdempotencyClaim?, logger: Logger
    ) async throws -> Refund {
        guard tap.kind != .purchase else {
            throw GatewayFailure.invalid("paymentCardData", "the card was read for a purchase, not a refund", .cardReadMismatch)
        }
        let amount = try Self.amount(of: tap, terms: terms)
        let proof = proof(tap, deviceId: deviceId)
        if let original = try await original(
            id: originalTransactionId, reference: terms.referenceId, card: proof, merchantId: caller.merchantId) {
            guard original.currency == amount.currency else {
                throw GatewayFailure.invalid("currency", "the refund is in \(amount.currency.code) but the payment was in \(original.currency.code)", .cardReadMismatch)
            }
            let (operation, payment) = try await followUps.perform(
                .refund(amount: amount.minorUnits), paymentId: original.id, merchantId: caller.merchantId,
                createdById: terms.createdById ?? deviceId, idempotency: idempotency, tap: proof, logger: logger)
            return .linked(operation: operation, payment: payment)
        }
        guard caller.permissions.contains(APIPermission.ecommerceRefundWithoutReference.rawValue) else {
            throw GatewayFailure.forbidden(.unreferencedRefund)
        }
        var refund = NewPayment(
            type: .refund, currency: amount.currency, baseAmount: amount.minorUnits, tipAmount: 0, card: tap.card,
            referenceId: terms.referenceId, customerId: terms.customerId, customerName: terms.customerName,
            customerEmail: terms.customerEmail, createdById: terms.createdById ?? deviceId, createMethod: .tapToPay, tap: proof)
        refund.chip = tap.chip
        return .unreferenced(try await payments.create(refund, merchantId: caller.merchantId, idempotency: idempotency, logger: logger))
    }

    private func proof(_ tap: OpenedTap, deviceId: String) -> TapProof {
        TapProof(tap, deviceId: deviceId, panHasher: panHasher)
    }

    /// The payment a refund names: by id (404 when unknown), else among the payments with
    /// the reference the newest paid with this card that can still be refunded, else the
    /// newest paid with this card, else the newest (the refund is then refused for its
    /// state or card, rather than made unreferenced); nil when no payment has the reference.
    private func original(id: String?, reference: String?, card: TapProof, merchantId: String) async throws -> Transaction? {
        if let id {
            let found = try await store.read { try await $0.transaction(id: id, merchantId: merchantId) }
            guard let found, found.type.isOriginal else { throw GatewayFailure.notFound(.transaction, id: id) }
            return found
        }
        guard let reference else { return nil }
        var query = TransactionQuery(merchantId: merchantId)
        query.referenceId = reference
        query.pageSize = 100
        let rows = try await store.read { [query] in try await $0.transactions(query) }.items
        let payments = rows.filter { $0.type.isOriginal }
        let sameCard = payments.filter { card.isCard(of: $0.card) }
        return sameCard.first { $0.refundableAmount > 0 } ?? sameCard.first ?? payments.first
    }

    /// The amount to authorize: the request's (amount + tip) checked against the sealed
    /// amount, or the sealed amount when the request has none.
    static func amount(of tap: OpenedTap, terms: Terms) throws -> Money {
        _ = try AmountField.nonNegative(terms.tipAmount, field: "tipAmount")
        if let currency = terms.currency, let sealed = tap.amount, sealed.currency != currency {
            throw GatewayFailure.invalid("currency", "the card was read for \(sealed.currency.code), the request says \(currency.code)", .cardReadMismatch)
        }
        guard let base = terms.amount else {
            guard let sealed = tap.amount else {
                throw GatewayFailure.invalid("amount", "amount is required: \(Self.noTerms(tap))", .amount)
            }
            guard sealed.minorUnits > terms.tipAmount else {
                throw GatewayFailure.invalid("tipAmount", "tipAmount must be less than the tapped amount", .amount)
            }
            return sealed
        }
        _ = try AmountField.positive(base, field: "amount")
        guard let currency = terms.currency ?? tap.amount?.currency else {
            throw GatewayFailure.invalid("currency", "currency is required: \(Self.noTerms(tap))", .unknownCurrency)
        }
        guard base <= Money.largestMinorUnits - terms.tipAmount else {
            throw GatewayFailure.invalid("amount", "amount plus tipAmount must be at most \(Money.largestMinorUnits) minor units", .amount)
        }
        let total = Money(minorUnits: base + terms.tipAmount, currency: currency)
        if let sealed = tap.amount, sealed != total {
            throw GatewayFailure.invalid("amount", "the card was read for \(sealed.minorUnits) \(sealed.currency.code) but the request asks \(total.minorUnits)", .cardReadMismatch)
        }
        return total
    }

    /// Why the read gives no amount or currency to go by.
    private static func noTerms(_ tap: OpenedTap) -> String {
        tap.card.clear == nil
            ? "with --card-data pass-through the card data goes to the acquirer unopened, so the gateway cannot read what the card was tapped for"
            : "the sealed card data carries none"
    }
}
