import Foundation
import PaymentCore

/// How long a soft-declined payment waits for its PIN, how many wrong PINs it takes, and
/// where PIN tokens come from (the reader-token issuer: a token is what lets a device send the PIN).
struct PINPolicy: Sendable {
    var window: TimeInterval
    var maxAttempts: Int
    var makeToken: @Sendable (PINTokenRequest) throws -> String = { _ in RandomToken.hex() }

    /// The challenge a payment gets when the issuer asks for a PIN. Only the device that
    /// tapped may answer it.
    func challenge(for payment: Transaction, now: Date) throws -> PINChallenge {
        let expiresAt = now.addingTimeInterval(window)
        let token = try makeToken(PINTokenRequest(
            paymentId: payment.id, merchantId: payment.merchantId, deviceId: payment.cardPresent?.deviceId,
            cardReaderTransactionId: payment.cardPresent?.cardReaderTransactionId, issuedAt: now, expiresAt: expiresAt))
        return PINChallenge(token: token, expiresAt: expiresAt, maxAttempts: maxAttempts, deviceId: payment.cardPresent?.deviceId)
    }
}
