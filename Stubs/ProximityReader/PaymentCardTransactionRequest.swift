// Transcribed from Apple's documentation; see PaymentCardReader.swift and docs/ios.md.
import Foundation

/// A request for a contactless purchase or refund: amount (major units, a `Decimal`) and
/// currency. Conforms to Sendable.
/// https://developer.apple.com/documentation/proximityreader/paymentcardtransactionrequest
@available(iOS 15.4, macCatalyst 17.0, *)
public struct PaymentCardTransactionRequest: Sendable {
    /// `init(amount: Decimal, currencyCode: String, for type: PaymentCardTransactionRequest.TransactionType = .purchase)`;
    /// `amount` must be greater than 0, `currencyCode` is ISO 4217.
    /// https://developer.apple.com/documentation/proximityreader/paymentcardtransactionrequest/init(amount:currencycode:for:)
    public init(amount: Decimal, currencyCode: String, for type: PaymentCardTransactionRequest.TransactionType = .purchase) {
        fatalError("stub: never run")
    }

    /// The type of transaction to perform. Conforms to Equatable, Hashable, Sendable.
    /// https://developer.apple.com/documentation/proximityreader/paymentcardtransactionrequest/transactiontype
    public enum TransactionType: Hashable, Sendable {
        /// https://developer.apple.com/documentation/proximityreader/paymentcardtransactionrequest/transactiontype/purchase
        case purchase
        /// https://developer.apple.com/documentation/proximityreader/paymentcardtransactionrequest/transactiontype/refund
        case refund
    }
}
