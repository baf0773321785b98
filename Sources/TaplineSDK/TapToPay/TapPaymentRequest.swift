import Foundation
import GatewayAPI
import PaymentCore

/// A payment by tap, as the Tap to Pay module and the transaction session ask for it.
struct TapPaymentRequest: Sendable {
    enum Kind: Sendable {
        case sale
        case authorization
        case refund
    }

    var kind: Kind
    /// What the card is charged (or refunded), tip included.
    var total: Money
    /// The tip within ``total``.
    var tip: Int64
    /// The merchant reference; the SDK finds the payment by it when an answer is lost.
    var referenceId: String
    /// A refund of a known payment.
    var originalTransactionId: String?
    /// How the total divides, Koard's way, when the app said (``TapToPay/sale(amount:breakdown:currency:transactionId:type:)``).
    var breakdown: BreakdownRequest? = nil
    /// The price part by part, when the app said (``TTPTransactionRequest``, an amount
    /// calculation's tender).
    var amountDetails: AmountDetailsRequest? = nil
    /// The app's own data, sent with the authorisation (Toro's `additionalInformation`).
    var additionalInformation: [String: JSONValue]? = nil
    /// The SDK's own id for this payment request (Toro's `initiatorTransactionId`): the
    /// Idempotency-Key the submission is sent with. Made here; an app cannot set it.
    var initiatorId: String = UUID().uuidString.lowercased()
}

/// What became of a payment by tap.
struct TapPaymentOutcome: Sendable {
    var status: TTPTransactionStatus
    /// The transaction as the gateway recorded it (absent when cancelled before any was).
    var transaction: TransactionResource?
    var read: CardReadResult?
    /// How the cardholder was verified.
    var verification: CardholderVerification?
}
