import Foundation
import PaymentCore

/// How long a soft-declined payment waits for its PIN, how many wrong PINs it takes, and
/// where PIN tokens come from (random: a token is what lets a device send the PIN).
struct PINPolicy: Sendable {
    var window: TimeInterval
    var maxAttempts: Int
    var makeToken: @Sendable () -> String = PINPolicy.randomToken

    /// The challenge a payment gets when the issuer asks for a PIN. Only the device that
    /// tapped may answer it.
    func challenge(for payment: Transaction, now: Date) -> PINChallenge {
        PINChallenge(token: makeToken(), expiresAt: now.addingTimeInterval(window), maxAttempts: maxAttempts,
                     deviceId: payment.cardPresent?.deviceId)
    }

    /// 128 random bits, hex.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }).hexString
    }
}
