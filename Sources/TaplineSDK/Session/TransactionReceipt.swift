import Foundation
import GatewayAPI
import PaymentCore

/// The receipt of a transaction session (the Toro SDK's `TransactionReceipt`), with every
/// field a Tap to Pay payment can fill. Amounts are minor units; no field holds more of the
/// card number than its first 6 and last 4 digits.
public struct TransactionReceipt: Sendable, Equatable {
    /// Purchase or refund.
    public enum Kind: String, Sendable, Equatable {
        case purchase, refund
    }

    /// The acquirer's decision.
    public enum ResponseCode: String, Sendable, Equatable {
        case approved, declined, failed
    }

    /// How the card was read.
    public enum PaymentInterface: String, Sendable, Equatable {
        case contactless
    }

    /// The app's reference from ``TransactionMetadata/saleReferenceId``.
    public var saleReferenceId: String?
    /// The total, gratuity included.
    public var amount: Int64
    /// What the acquirer authorised; less than ``amount`` on a partial approval.
    public var authorisedAmount: Int64?
    /// The price before discounts, surcharge, gratuity and tax (Tapline's addition, from the
    /// payment's `amountDetails`, as are the three parts below): ``amount`` is
    /// `baseAmount − discountAmount + surchargeAmount + gratuityAmount + taxAmount`.
    public var baseAmount: Int64?
    /// Percentage-off and cash discounts together.
    public var discountAmount: Int64?
    /// What the card paid for being a card, which a receipt must disclose where surcharging is allowed.
    public var surchargeAmount: Int64?
    /// The rate the surcharge came from, when it came from one (a disclosure states it).
    public var surchargeRate: Rate?
    public var taxAmount: Int64?
    public var type: Kind
    public var gratuityAmount: Int64
    /// ISO 4217 code.
    public var currency: Currency
    public var authCode: String?
    public var responseCode: ResponseCode
    public var responseReason: String?
    public var authenticationMethod: CardholderVerification?
    public var additionalResponseInformation: String?
    /// The authorisation response code (EMV tag 8A), e.g. "00".
    public var actionCode: String?
    public var aid: String?
    public var applicationLabel: String?
    public var paymentInterface: PaymentInterface
    /// The first 6 digits of the card number.
    public var panStart: String?
    public var panLastFour: String?
    /// The Tapline transaction id (the gateway's reference).
    public var recipientTransactionId: String?
    /// The SDK's own id for the payment request (the Idempotency-Key it was sent with). The
    /// SDK sets it; an app cannot (``saleReferenceId`` is the app's id).
    public internal(set) var initiatorTransactionId: String?
    /// The card reader's id for the read.
    public var transactionReference: String?
    /// ISO 8601.
    public var dateTime: String?
    /// This device's id.
    public var terminalSerialNumber: String
    public var signatureBase64: String?
    /// The card asked for the cardholder's signature and it was rejected or not given (no
    /// ``SignatureProvider``, or a nil answer); the payment was then voided, never captured.
    public var signatureVerificationFailed: Bool
    /// Whether the funds were captured (a sale), not only held.
    public var captured: Bool
    public var latitude: String?
    public var longitude: String?
    /// What the app attached (``TransactionMetadata/additionalInformation``), as the gateway stored it.
    public var additionalInformation: [String: JSONValue]?

    public init(amount: Int64, type: Kind, currency: Currency, responseCode: ResponseCode, terminalSerialNumber: String) {
        self.amount = amount
        self.type = type
        self.gratuityAmount = 0
        self.currency = currency
        self.responseCode = responseCode
        self.paymentInterface = .contactless
        self.terminalSerialNumber = terminalSerialNumber
        self.signatureVerificationFailed = false
        self.captured = false
    }
}
