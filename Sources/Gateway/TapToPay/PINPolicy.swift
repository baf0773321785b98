import Foundation
import PaymentCore

/// How long a soft-declined payment waits for its PIN, how many wrong PINs it takes, and
/// where PIN tokens come from (the reader-token issuer: a token is what lets a device send the PIN).
struct PINPolicy: Sendable {
    var window: TimeInterval
    var maxAttempts: Int
    var makeToken: @Sendable (PINTokenRequest) async throws -> String = { _ in RandomToken.hex() }

    /// The challenge a payment gets when the issuer asks for a PIN. Only the device that
    /// tapped may answer it. Throws when no token can be had (the provider's token service is
    /// down): the caller then declines the payment (``OutcomeRecorder``).
    func challenge(for payment: Transaction, now: Date) async throws -> PINChallenge {
        let expiresAt = now.addingTimeInterval(window)
        let token = try await makeToken(PINTokenRequest(
            paymentId: payment.id, merchantId: payment.merchantId, deviceId: payment.cardPresent?.deviceId,
            cardReaderTransactionId: payment.cardPresent?.cardReaderTransactionId, issuedAt: now, expiresAt: expiresAt))
        return PINChallenge(token: token, expiresAt: expiresAt, maxAttempts: maxAttempts, deviceId: payment.cardPresent?.deviceId)
    }
}
