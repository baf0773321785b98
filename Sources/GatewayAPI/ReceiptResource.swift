import Foundation
import PaymentCore

/// `GET /v1/transactions/{id}/receipt`: what a receipt of one payment or refund says. The
/// fields a Tap to Pay receipt has take the names of the Toro SDK's `TransactionReceipt`
/// (and of TaplineSDK's, which is built the same way), so an app shows either with one view;
/// the merchant, the EMV data and the payment's running totals are Tapline's additions.
/// Amounts are minor units of `currency`. No field holds more of a card number than its
/// first six and last four digits.
public struct ReceiptResource: Codable, Sendable, Equatable {
    /// Purchase (a sale or an authorization) or refund.
    public enum Kind: String, Codable, Sendable {
        case purchase, refund
    }

    /// The acquirer's decision; `pending` while there is none yet.
    public enum ResponseCode: String, Codable, Sendable {
        case approved, declined, failed, pending
    }

    /// Who took the payment: the name, address and contacts the merchant's profile gives.
    public var merchant: MerchantResource
    /// The Tapline transaction id.
    public var recipientTransactionId: String
    /// The merchant's reference (`referenceId`).
    public var saleReferenceId: String?
    public var type: Kind
    /// The transaction's type and status as the API has them ("sale", "captured").
    public var transactionType: TransactionType
    public var status: TransactionStatus
    /// What was asked, tip included.
    public var amount: Int64
    /// What the acquirer authorised: less than `amount` on a partial approval, 0 on a decline.
    public var authorisedAmount: Int64
    public var gratuityAmount: Int64
    /// ISO 4217 code.
    public var currency: String
    /// The price part by part, when the payment was priced (surcharge, discounts, tax).
    public var amountDetails: AmountResource?
    /// The payment's running totals now: captured, refunded and what it nets.
    public var totals: PaymentAmounts?
    public var net: Int64
    public var authCode: String?
    public var responseCode: ResponseCode
    /// The processor's words for its answer ("Approved", "Do not honour").
    public var responseReason: String?
    /// The authorisation response code (EMV tag 8A, ISO 8583 field 39), e.g. "00".
    public var actionCode: String?
    /// How the cardholder was verified, from the card's CVM results (9F34), in words.
    public var authenticationMethod: String?
    /// Application identifier (4F) and label (50).
    public var aid: String?
    public var applicationLabel: String?
    /// Terminal verification results (95), application cryptogram (9F26) and transaction
    /// counter (9F36), hex.
    public var terminalVerificationResults: String?
    public var applicationCryptogram: String?
    public var applicationTransactionCounter: String?
    /// How the card was read ("contactless", "manual", "swipe"), or "ach" for a bank debit.
    public var paymentInterface: String
    public var cardBrand: String?
    /// The first six digits of the card number.
    public var panStart: String?
    public var panLastFour: String?
    /// The card reader's id for the read.
    public var transactionReference: String?
    /// When it happened, ISO 8601 in UTC.
    public var dateTime: Date
    /// The device (installation id) or API client that made it.
    public var terminalSerialNumber: String?
    /// The cardholder's signature as taken in the app (PNG or JPEG, base64), when one was.
    public var signatureBase64: String?
    /// Whether the funds were captured, not only held.
    public var captured: Bool

    public init(merchant: MerchantResource, recipientTransactionId: String, type: Kind, transactionType: TransactionType,
                status: TransactionStatus, amount: Int64, authorisedAmount: Int64, currency: String, responseCode: ResponseCode,
                paymentInterface: String, dateTime: Date) {
        self.merchant = merchant
        self.recipientTransactionId = recipientTransactionId
        self.type = type
        self.transactionType = transactionType
        self.status = status
        self.amount = amount
        self.authorisedAmount = authorisedAmount
        self.gratuityAmount = 0
        self.currency = currency
        self.net = 0
        self.responseCode = responseCode
        self.paymentInterface = paymentInterface
        self.dateTime = dateTime
        self.captured = false
    }
}
