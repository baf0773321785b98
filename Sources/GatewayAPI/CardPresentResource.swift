import Foundation

/// Where and how a tapped card was read, and the EMV data a receipt shows.
public struct CardPresentResource: Codable, Sendable, Equatable {
    public var deviceId: String
    public var cardReaderId: String?
    public var cardReaderTransactionId: String?
    /// AID (tag 4F), hex.
    public var applicationId: String?
    /// Application label (tag 50).
    public var applicationLabel: String?
    /// Application cryptogram (9F26), TVR (95) and ATC (9F36), hex.
    public var cryptogram: String?
    public var terminalVerificationResults: String?
    public var applicationTransactionCounter: String?
    /// "credit", "debit" or "prepaid".
    public var funding: String?

    public init(deviceId: String) { self.deviceId = deviceId }
}

/// The PIN a payment in `pinRequired` waits for (single tap and PIN).
public struct PINChallengeResource: Codable, Sendable, Equatable {
    /// Hand it to the reader; the sealed PIN payload must carry it. Empty once the payment
    /// no longer waits for a PIN.
    public var pinToken: String
    public var expiresAt: Date
    public var attemptsRemaining: Int

    public init(pinToken: String, expiresAt: Date, attemptsRemaining: Int) {
        self.pinToken = pinToken
        self.expiresAt = expiresAt
        self.attemptsRemaining = attemptsRemaining
    }
}
