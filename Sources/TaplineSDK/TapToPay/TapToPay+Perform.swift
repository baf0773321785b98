import Foundation
import GatewayAPI
import PaymentCore

extension TapToPay {
    /// Takes a payment by tap for `amount` (major units: `49.99`) in `currency`, or the
    /// merchant's first currency. Shows the reader, sends the card to the gateway, and asks
    /// for the PIN by itself when the issuer wants one.
    ///
    /// Merchants with Zero Cost Processing "surcharge" must use
    /// ``performTransaction(calculationResult:isDebitCard:)`` so credit cards pay the surcharge.
    public func performTransaction(amount: MajorUnits, currency: String? = nil) async throws -> TTPTransactionResult {
        let settings = try await settings()
        guard settings.zeroCostProcessingOption != .surcharge else {
            throw TTPError.transactionFailed(
                code: "SURCHARGE_REQUIRES_CALCULATION",
                message: "the merchant surcharges credit cards: use calculateAmount(request:) and performTransaction(calculationResult:isDebitCard:)")
        }
        let total = try Self.money(amount, currency: currency ?? settings.availableCurrencies.first?.name ?? "USD")
        let request = TapPaymentRequest(kind: .sale, total: total, tip: 0, referenceId: Self.newReference(), originalTransactionId: nil)
        return Self.result(try await TapPaymentFlow(ttp: self).run(request))
    }

    /// Takes a payment by tap as ARISE's `TTPTransactionRequest` describes it: its amount,
    /// with its parts (subtotal, discount, tip, surcharge rate) kept as the payment's
    /// breakdown and its `orderId` as the merchant reference. The parts must add up to the
    /// amount (see ``TTPTransactionRequest``); nothing is read from the card until they do.
    public func performTransaction(request: TTPTransactionRequest) async throws -> TTPTransactionResult {
        let settings = try await settings()
        let payment = try request.payment(currency: request.currency ?? settings.availableCurrencies.first?.name ?? "USD")
        if settings.zeroCostProcessingOption == .surcharge, payment.amountDetails?.surchargeRate == nil {
            throw TTPError.transactionFailed(
                code: "SURCHARGE_REQUIRES_CALCULATION",
                message: "the merchant surcharges credit cards: give subTotal and surchargeRate, or use performTransaction(calculationResult:isDebitCard:)")
        }
        return Self.result(try await TapPaymentFlow(ttp: self).run(payment))
    }

    /// Takes a payment by tap for the tender's total of an amount calculation: the debit
    /// card total (no surcharge) when `isDebitCard`, else the credit card total. The
    /// payment keeps that tender's parts (base, discounts, surcharge, tip, tax) as its
    /// `amountDetails`.
    public func performTransaction(calculationResult: AmountCalculation, isDebitCard: Bool) async throws -> TTPTransactionResult {
        let currency = calculationResult.currency
        let tender = isDebitCard ? calculationResult.wire.debitCard : calculationResult.wire.creditCard
        guard tender.totalAmount > 0 else {
            throw TaplineAPIError.badRequest(.invalidInput("amount", "the calculated total must be greater than zero"))
        }
        var request = TapPaymentRequest(
            kind: .sale, total: Money(minorUnits: tender.totalAmount, currency: currency), tip: tender.tipAmount,
            referenceId: Self.newReference(), originalTransactionId: nil)
        request.amountDetails = AmountDetailsRequest(tender)
        return Self.result(try await TapPaymentFlow(ttp: self).run(request))
    }

    /// `amount` in minor units of `code`, exactly, or a 400-style error naming the field.
    static func money(_ amount: MajorUnits, currency code: String) throws(TaplineAPIError) -> Money {
        guard let currency = Currency(code: code) else {
            throw .badRequest(.invalidInput("currency", "unknown currency '\(code)'; use an ISO 4217 code such as USD"))
        }
        return Money(minorUnits: try AmountConversion.minorUnits(amount, currency, field: "amount"), currency: currency)
    }

    /// A merchant reference for a payment the app gave none: how a lost answer is found again.
    static func newReference() -> String { "ttp-" + UUID().uuidString.lowercased() }

    func beginPayment() throws(TTPError) {
        let started = state.withLock { state -> Bool in
            guard state.phase == .idle else { return false }
            state.phase = .awaitingCard
            state.abortRequested = false
            return true
        }
        guard started else {
            throw .transactionFailed(code: "TRANSACTION_IN_PROGRESS", message: "another Tap to Pay transaction is in progress on this device")
        }
    }

    func endPayment() {
        state.withLock { $0.phase = .idle }
    }

    func setPhase(_ phase: TapToPayState.PaymentPhase) {
        state.withLock { $0.phase = phase }
    }
}
