import Foundation
import GatewayAPI
import PaymentCore

/// A payment's amounts in major units (ARISE `TransactionAmountDto`, with the running totals
/// Tapline keeps): what was authorized, captured and refunded so far. Exact `Decimal`s.
public struct TransactionAmount: Sendable, Equatable {
    /// The amount before the tip: ``totalAmount`` minus ``tipAmount``.
    public var baseAmount: Decimal
    /// The tip, as given with the payment or set by a tip adjustment.
    public var tipAmount: Decimal
    /// The payment's total: the captured amount once captured, else the authorized amount.
    /// Refunds do not lower it; see ``refundedAmount``.
    public var totalAmount: Decimal
    /// Held or charged on the card, including incremental authorizations.
    public var authorizedAmount: Decimal
    /// Charged so far (a sale captures at once).
    public var capturedAmount: Decimal
    /// Returned to the customer so far.
    public var refundedAmount: Decimal
    /// What a refund could still return now.
    public var refundableAmount: Decimal
    /// The same amounts in minor units, as the gateway sent them.
    public var minorUnits: PaymentAmounts

    init(_ amounts: PaymentAmounts, currency: Currency) {
        let total = amounts.captured > 0 ? amounts.captured : amounts.authorized
        baseAmount = AmountConversion.decimal(total - amounts.tip, currency)
        tipAmount = AmountConversion.decimal(amounts.tip, currency)
        totalAmount = AmountConversion.decimal(total, currency)
        authorizedAmount = AmountConversion.decimal(amounts.authorized, currency)
        capturedAmount = AmountConversion.decimal(amounts.captured, currency)
        refundedAmount = AmountConversion.decimal(amounts.refunded, currency)
        refundableAmount = AmountConversion.decimal(amounts.refundable, currency)
        minorUnits = amounts
    }
}
