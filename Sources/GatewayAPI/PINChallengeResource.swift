import Foundation

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
