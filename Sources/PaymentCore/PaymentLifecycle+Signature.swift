import Foundation

/// A tapped card whose CVM asks for a signature (Toro's `awaitingSignature`): the payment is
/// held rather than captured until the signature is stored, so that no payment the card
/// asked a signature for is ever captured without one, unless the merchant waives it.
extension PaymentLifecycle {
    /// Phase 1 of a tapped sale or authorization: when its card asked for a signature and
    /// the merchant does not waive it, flags the payment ``Transaction/signatureRequired``,
    /// and a sale becomes an authorization (the processor is asked for a hold only; the
    /// capture follows the signature).
    public static func holdForSignature(_ payment: inout Transaction, waived: Bool) {
        guard !waived, payment.type == .sale || payment.type == .authorization,
              payment.cardPresent?.cvmResults.flatMap(CVMResults.init(hex:))?.asksForSignature == true else { return }
        payment.type = .authorization
        payment.signatureRequired = true
    }

    /// Whether the payment waits for the cardholder's signature before it may be captured.
    public static func awaitsSignature(_ payment: Transaction, waived: Bool) -> Bool {
        payment.signatureRequired && payment.signature == nil && !waived
    }

    /// The follow-ups allowed now, as every view offers them: without a capture while the
    /// payment awaits its signature.
    public static func availableOperations(
        for payment: Transaction, now: Date, authorizationWindow: TimeInterval, signatureWaived: Bool
    ) -> [AvailableOperation] {
        availableOperations(for: payment, now: now, authorizationWindow: authorizationWindow).filter { operation in
            operation.type != .capture || !awaitsSignature(payment, waived: signatureWaived)
        }
    }

    /// Phase 1 of a follow-up: a capture of a payment that awaits its signature is refused,
    /// before anything is reserved. Every other follow-up (a void above all) is allowed.
    public static func requireSignature(_ request: FollowUpRequest, on payment: Transaction, waived: Bool) throws(PaymentError) {
        guard request.type == .capture, awaitsSignature(payment, waived: waived) else { return }
        throw .signatureRequired
    }
}
