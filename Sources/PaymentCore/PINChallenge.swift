import Foundation

/// The gateway's open question "which PIN?" on a payment the issuer soft-declined
/// (single tap and PIN). It holds no PIN: only the token the reader must echo, the window
/// and the count of wrong tries.
public struct PINChallenge: Sendable, Equatable, Codable {
    /// Random, given to the app with the soft decline; the sealed PIN payload must carry it.
    public var token: String
    /// After this the payment is declined for good.
    public var expiresAt: Date
    public var failedAttempts: Int
    /// Wrong tries allowed before the payment is declined for good.
    public var maxAttempts: Int
    /// The device that tapped; only it may send the PIN. Nil for a keyed payment.
    public var deviceId: String?

    public init(token: String, expiresAt: Date, maxAttempts: Int, deviceId: String?, failedAttempts: Int = 0) {
        self.token = token
        self.expiresAt = expiresAt
        self.maxAttempts = maxAttempts
        self.deviceId = deviceId
        self.failedAttempts = failedAttempts
    }

    public var attemptsRemaining: Int { max(0, maxAttempts - failedAttempts) }
}
