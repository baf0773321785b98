import Foundation
import GatewayAPI
import PaymentCore

/// The answer to a keyed sale or authorization (ARISE `CardTransactionResponse`).
///
/// A decline is an answer, not an error: ``status`` is `declined` and ``details`` carries
/// the processor's code. Errors are refused input, refused moves and processor failures.
public struct CardTransactionResponse: Sendable, Equatable {
    /// The new payment's id: the one to capture, refund or void later.
    public var transactionId: String
    /// When the gateway recorded the payment.
    public var transactionDateTime: Date
    /// `sale` or `authorization`.
    public var operationType: TransactionType
    /// `captured` (an approved sale), `authorized`, `declined`, or `pinRequired`.
    public var status: TransactionStatus
    /// What the issuer approved, in major units: the authorized amount, which a partial
    /// approval makes lower than asked; zero on a decline.
    public var processedAmount: Decimal
    /// The payment's currency.
    public var currency: Currency
    /// The processor's response code and message, the authorization code and the masked card.
    public var details: TransactionResponseDetails
    /// The whole payment as the gateway recorded it.
    public var transaction: TransactionDetails
    /// What a receipt is printed from (ARISE `transactionReceipt`): the same record as
    /// ``transaction``, with its amount details, processor, card and AVS answer.
    public var transactionReceipt: TransactionDetails
    /// Address verification's answer for the billing address (ARISE `avsResponse`); nil
    /// when the payment had none.
    public var avsResponse: AVSResponseResource?

    init(_ resource: TransactionResource) throws(TaplineAPIError) {
        let transaction = try TransactionDetails(resource)
        transactionId = transaction.id
        transactionDateTime = transaction.transactionDateTime
        operationType = transaction.operationType
        status = transaction.status
        processedAmount = transaction.amounts?.authorizedAmount ?? 0
        currency = transaction.currency
        details = TransactionResponseDetails(transaction)
        self.transaction = transaction
        transactionReceipt = transaction
        avsResponse = transaction.avsResponse
    }
}
