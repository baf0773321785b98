import Foundation

/// How a Tap to Pay payment ended (ARISE `TTPTransactionStatus`).
public enum TTPTransactionStatus: String, Sendable, Equatable {
    case approved
    case declined
    /// The customer or the operator cancelled before the payment was authorised.
    case cancelled
    /// The gateway or the processor failed; ``TTPTransactionResult/transactionId`` names
    /// the failed transaction when one was recorded.
    case failed
}

/// A Tap to Pay payment's result (ARISE `TTPTransactionResult`). Amounts are decimal
/// strings in major units ("49.99"); no field ever holds more than the masked PAN.
public struct TTPTransactionResult: Sendable, Equatable {
    /// The Tapline transaction id, for follow-ups (capture, refund, void).
    public var transactionId: String?
    /// "APPROVED", "DECLINED", "CANCELLED" or "FAILED".
    public var transactionOutcome: String?
    public var status: TTPTransactionStatus
    /// The merchant reference the payment was made with.
    public var orderId: String?
    public var authorizedAmount: String?
    public var authorizationCode: String?
    /// The issuer's ISO 8583 response code ("00" approved).
    public var authorisationResponseCode: String?
    public var authorizedDate: String?
    public var authorizedDateFormat: String?
    public var cardBrandName: String?
    /// First 6 and last 4 digits.
    public var maskedCardNumber: String?
    /// The card reader's id for the read.
    public var externalReferenceID: String?
    public var applicationIdentifier: String?
    public var applicationPreferredName: String?
    public var applicationCryptogram: String?
    public var applicationTransactionCounter: String?
    public var terminalVerificationResults: String?
    public var issuerApplicationData: String?
    public var applicationPANSequenceNumber: String?
    public var partnerDataMap: [String: String]?
    public var cvmTags: [TTPCVMData]?
    /// How the cardholder was verified ("noCVM", "onlinePIN", …).
    public var cvmAction: String?

    public init(status: TTPTransactionStatus) {
        self.status = status
        self.transactionOutcome = status.rawValue.uppercased()
    }
}

/// One CVM tag (ARISE `TTPCVMData`).
public struct TTPCVMData: Sendable, Equatable {
    public var tag: String?
    public var value: String?

    public init(tag: String?, value: String?) {
        self.tag = tag
        self.value = value
    }
}
