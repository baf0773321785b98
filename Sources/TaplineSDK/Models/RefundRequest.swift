import Foundation
import PaymentCore

/// A refund of a captured payment (ARISE `RefundRequest`), for
/// ``TaplineClient/refundTransaction(_:)``.
///
/// Tapline refunds to the card the payment was made with, so `cardDataSource` can only say
/// how that card was read: when given, the SDK reads the payment first and refuses a
/// mismatch (`badRequest` naming `cardDataSource`) rather than ignore it. A refund to
/// another card (ARISE `RefundWORef`) is not this request.
public struct RefundRequest: Sendable, Equatable {
    /// How the refunded payment's card was read (ARISE `CardDataSource`).
    public enum CardDataSource: String, Sendable, Equatable, CaseIterable {
        /// Typed.
        case manual
        /// Swiped (track 2).
        case swipe
        /// Tapped.
        case contactless
    }

    /// The payment to refund.
    public var transactionId: String
    /// How much, in major units; nil refunds everything still refundable.
    public var amount: MajorUnits?
    /// The payment's currency, when known: saves a read of the payment before an amount is sent.
    public var currency: Currency?
    public var cardDataSource: CardDataSource?

    public init(transactionId: String, amount: MajorUnits? = nil, currency: Currency? = nil, cardDataSource: CardDataSource? = nil) {
        self.transactionId = transactionId
        self.amount = amount
        self.currency = currency
        self.cardDataSource = cardDataSource
    }

    func check() throws(TaplineAPIError) {
        try InputCheck.identifier(transactionId, field: "transactionId")
    }

    /// Refuses a `cardDataSource` that is not how `payment`'s card was read.
    func check(against payment: TransactionDetails) throws(TaplineAPIError) {
        guard let cardDataSource, cardDataSource.rawValue != payment.cardDataSource else { return }
        throw .badRequest(.invalidInput(
            "cardDataSource",
            "the payment's card was read as '\(payment.cardDataSource ?? "none")', not '\(cardDataSource.rawValue)'; "
                + "a refund goes back to the card the payment was made with"))
    }
}
