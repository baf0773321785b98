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
    /// How the cardholder was verified, when the reader knows (Apple's reader does not say;
    /// the simulated one does).
    public var cardholderVerification: CardholderVerification?

    public init(id: String, generalCardData: String, paymentCardData: String, cardholderVerification: CardholderVerification? = nil) {
        self.id = id
        self.generalCardData = generalCardData
        self.paymentCardData = paymentCardData
        self.cardholderVerification = cardholderVerification
    }
}

/// How a cardholder proved they hold the card (the receipt's authentication method).
public enum CardholderVerification: String, Sendable, Equatable, Codable {
    /// No verification (a small contactless payment).
    case noCVM
    /// A signature, captured in the app.
    case signature
    /// A PIN sent to the issuer (single tap and PIN).
    case onlinePIN
    /// The customer's own phone or watch verified them (Apple Pay, Google Pay).
    case consumerDevice
}
