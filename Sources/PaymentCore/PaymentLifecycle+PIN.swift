import Foundation

/// Single tap and PIN: the moves of a payment the issuer soft-declined asking for a PIN.
///
/// A PIN try takes the payment from `pinRequired` to `pending` (so a second try at the
/// same time is refused and a crash leaves it to the recovery job) and its answer takes it
/// to `captured`/`authorized`, back to `pinRequired` after a wrong PIN with tries left, or
/// to `declined`.
extension PaymentLifecycle {
    /// Asks for a PIN: called when the processor answered `.pinRequired`.
    public static func requirePIN(_ payment: inout Transaction, challenge: PINChallenge, now: Date) {
        payment.status = .pinRequired
        payment.pinChallenge = challenge
        payment.updatedAt = now
    }

    /// Phase 1 of a PIN try: checks the payment waits for a PIN and marks the try in flight.
    /// Returns the try's number (1, 2, …). An expired window is refused here and recorded
    /// with ``expirePINIfDue(_:now:)``.
    public static func beginPINAttempt(_ payment: inout Transaction, now: Date) throws(PINError) -> Int {
        guard let challenge = payment.pinChallenge else { throw .notAwaitingPIN(status: payment.status) }
        if payment.status == .pending { throw .attemptInProgress }
        guard payment.status == .pinRequired else { throw .notAwaitingPIN(status: payment.status) }
        guard now < challenge.expiresAt else { throw .windowExpired }
        payment.status = .pending
        payment.updatedAt = now
        return challenge.failedAttempts + 1
    }

    /// Phase 3 of a PIN try. `wrongPIN` says the decline was for the PIN itself (ISO 55),
    /// which counts against the tries; any other decline is final.
    public static func completePINAttempt(_ payment: inout Transaction, outcome: OperationOutcome, wrongPIN: Bool, now: Date) {
        guard var challenge = payment.pinChallenge else { return }
        switch outcome {
        case .declined where wrongPIN:
            challenge.failedAttempts += 1
            payment.pinChallenge = challenge
            payment.status = challenge.attemptsRemaining > 0 ? .pinRequired : .declined
            payment.updatedAt = now
        case .pinRequired:
            payment.status = .pinRequired
            payment.updatedAt = now
        case .approved, .declined, .failed:
            // The status is as for any original; the challenge stays as a record of the tries.
            payment.status = .pending
            completeOriginal(&payment, outcome: outcome, now: now)
        }
    }

    /// Declines a payment whose PIN window passed; true when it did.
    public static func expirePINIfDue(_ payment: inout Transaction, now: Date) -> Bool {
        guard payment.status == .pinRequired, let challenge = payment.pinChallenge, now >= challenge.expiresAt else { return false }
        payment.status = .declined
        payment.updatedAt = now
        return true
    }
}
