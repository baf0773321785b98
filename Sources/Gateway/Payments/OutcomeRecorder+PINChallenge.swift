import Foundation
import PaymentCore
import Storage

extension OutcomeRecorder {
    /// The processor result's message on a payment declined because no PIN token could be had.
    static let noPINTokenMessage =
        "the issuer asked for the PIN, and the reader-token service gave no PIN token: declined, nothing was charged; tap again"

    /// The PIN challenge for a sale or authorization the issuer asked a PIN for, made before
    /// phase 3's write. Nil when the payment needs none (a PIN try already has its challenge)
    /// or when the issuer gives no token (its service is down): the payment is then declined.
    func pinChallenge(id: String, merchantId: String, now: Date) async throws -> PINChallenge? {
        guard let payment = try await store.read({ try await $0.transaction(id: id, merchantId: merchantId) }),
              payment.status == .pending, payment.pinChallenge == nil,
              payment.type == .sale || payment.type == .authorization else { return nil }
        return try? await pinPolicy.challenge(for: payment, now: now)
    }
}
