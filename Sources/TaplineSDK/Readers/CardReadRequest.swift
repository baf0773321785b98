import CardData
import Foundation
import PaymentCore

/// What to read a card for (Apple: `PaymentCardTransactionRequest`).
public struct CardReadRequest: Sendable, Equatable {
    /// Purchase (a sale or an authorization) or refund.
    public enum Kind: Sendable, Equatable {
        case purchase
        case refund
    }

    /// The amount the cardholder is shown and the card signs, tip included.
    public var amount: Money
    public var kind: Kind

    public init(amount: Money, kind: Kind = .purchase) {
        self.amount = amount
        self.kind = kind
    }
}

/// A finished read (Apple: `PaymentCardReadResult`): what the gateway needs, with no card
/// data the app could read.
public struct CardReadResult: Sendable, Equatable {
    /// The read's id; ``CardReader/capturePIN(using:cardReaderTransactionID:)`` takes it.
    public var id: String
    /// Base64 BER-TLV of the card's non-sensitive data (AID, label, masked PAN, brand).
    public var generalCardData: String
    /// Base64 of the card data sealed to the gateway's key.
    public var paymentCardData: String

    public init(id: String, generalCardData: String, paymentCardData: String) {
        self.id = id
        self.generalCardData = generalCardData
        self.paymentCardData = paymentCardData
    }
}
