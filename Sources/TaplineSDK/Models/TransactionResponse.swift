import Foundation
import GatewayAPI
import PaymentCore

/// The answer to a follow-up (capture, refund, void, reversal, incremental authorization,
/// tip adjustment) (ARISE `TransactionResponse`).
///
/// Tapline records every follow-up as a transaction of its own, linked to the payment, so
/// the answer has both: the follow-up (``transactionId``, ``status``) and the payment as it
/// is now (``paymentId``, ``paymentStatus``, ``amounts``).
public struct TransactionResponse: Sendable, Equatable {
    /// The follow-up's own id.
    public var transactionId: String
    /// When the gateway recorded the follow-up.
    public var transactionDateTime: Date
    /// What the follow-up did: `capture`, `refund`, `void`, `reversal`,
    /// `incrementalAuthorization` or `tipAdjustment`.
    public var operationType: TransactionType
    /// The follow-up's outcome: `approved` or `declined` (a processor failure is thrown).
    public var status: TransactionStatus
    /// What the follow-up moved, in major units (for a tip adjustment, the new tip).
    public var amount: Decimal
    /// The payment's currency.
    public var currency: Currency
    /// The processor's ISO 8583 response code for the follow-up.
    public var responseCode: String?
    /// The processor's words for ``responseCode``.
    public var responseDescription: String?
    /// The payment the follow-up acted on.
    public var paymentId: String
    /// The payment's status now, e.g. `captured`, `voided`, `refunded`.
    public var paymentStatus: TransactionStatus
    /// The payment's amounts now (authorized, captured, refunded, tip).
    public var amounts: TransactionAmount?
    /// The payment as it is now, with its follow-ups where the gateway lists them.
    public var payment: TransactionDetails

    init(_ response: FollowUpResponse) throws(TaplineAPIError) {
        let operation = try TransactionDetails(response.operation)
        let payment = try TransactionDetails(response.payment)
        transactionId = operation.id
        transactionDateTime = operation.transactionDateTime
        operationType = operation.operationType
        status = operation.status
        amount = operation.amount
        currency = operation.currency
        responseCode = operation.responseCode
        responseDescription = operation.responseDescription
        paymentId = payment.id
        paymentStatus = payment.status
        amounts = payment.amounts
        self.payment = payment
    }
}
