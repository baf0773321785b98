import CardData
import Foundation
import Logging
import PaymentCore
import Processing
import Storage

/// Single tap and PIN: the PIN for a payment the issuer soft-declined, in the three
/// atomic phases. The PIN exists only in memory on its way to the processor.
struct PINService: Sendable {
    let store: any Store
    let processors: ProcessorRouter
    let recorder: OutcomeRecorder
    let panHasher: PANHasher
    let now: @Sendable () -> Date

    /// Sends the PIN a reader sealed for payment `paymentId` and returns the payment as the
    /// answer left it: approved, waiting for another PIN after a wrong one, or declined.
    /// A `merchantReference` (Halo) must be the payment's own. A card passed on sealed
    /// (`--card-data pass-through`) has no `pin`: it is inside the sealed data, and the
    /// acquirer that opens it checks the PIN token the payment gave, which goes with it.
    func submit(
        paymentId: String, merchantId: String, deviceId: String, tap: OpenedTap, pin: PIN?, merchantReference: String? = nil,
        idempotency: IdempotencyClaim?, logger: Logger
    ) async throws -> Transaction {
        let now = now()
        let proof = TapProof(tap, deviceId: deviceId, panHasher: panHasher)
        // A PIN try goes where its payment went.
        let processor = try await processors.gateway(forPayment: paymentId, merchantId: merchantId, store: store)
        try await processor.requireReachable()
        let prepared = try await PreparedRequest.prepare(merchantId: merchantId, store: store, processor: processor)
        // Phase 1: check the payment waits for this PIN and mark the try in flight.
        let begun = try await store.write { writer -> PINPhaseOne in
            guard var payment = try await writer.lockTransaction(id: paymentId, merchantId: merchantId),
                  payment.type.isOriginal else { throw GatewayFailure.notFound(.transaction, id: paymentId) }
            if let merchantReference, let known = payment.referenceId, known != merchantReference {
                throw GatewayFailure.invalid("merchantReference", "merchantReference must be the payment's own (\(known))")
            }
            if let owner = payment.pinChallenge?.deviceId, owner != deviceId {
                throw GatewayFailure.forbidden(.pinFromAnotherDevice(paymentId: paymentId))
            }
            if PaymentLifecycle.expirePINIfDue(&payment, now: now) {
                payment.processorResult = PINExpiry.result
                try await writer.update(payment)
                return .expired
            }
            let attempt: Int
            do throws(PINError) {
                attempt = try PaymentLifecycle.beginPINAttempt(&payment, now: now)
            } catch {
                throw GatewayFailure.pinRefused(error)
            }
            guard tap.card.clear == nil || tap.pinToken == payment.pinChallenge?.token else {
                throw GatewayFailure.invalid("paymentCardData", "the PIN token in the sealed data is not the one this payment gave", .pinToken)
            }
            guard proof.isCard(of: payment.card) else {
                throw GatewayFailure.invalid("paymentCardData", "the PIN was entered for another card than the one tapped", .cardMismatch)
            }
            try Self.checkRead(tap, against: payment)
            try await CardReadLedger.record(proof, merchantId: merchantId, at: now, in: writer)
            // Each try is a request of its own: the approving one is what a follow-up names later.
            payment.processorTrace = prepared.trace ?? payment.processorTrace
            try await writer.update(payment)
            try await idempotency?.link(transactionId: payment.id, in: writer)
            return .begun(payment, attempt: attempt)
        }
        guard case .begun(let payment, let attempt) = begun else { throw GatewayFailure.pinRefused(.windowExpired) }

        // Phase 2: the processor decides on the PIN, outside any database transaction.
        var card = tap.card
        if case .sealed(var sealed) = card {
            sealed.pinToken = payment.pinChallenge?.token
            card = .sealed(sealed)
        }
        var request = AuthorizationRequest(
            transactionId: payment.id, kind: AuthorizationRequest.Kind(original: payment.type), amount: payment.money,
            card: card, entryMode: .contactless, pin: pin, pinAttempt: attempt, chip: tap.chip, acquirer: prepared.acquirer)
        request.trace = prepared.trace
        let finished = try await processor.decideOriginal(request, id: payment.id, merchantId: merchantId, recorder: recorder, logger: logger)
        PaymentLog.finished(finished, logger: logger)
        return finished
    }

    /// The PIN payload's read must be for this payment, as a tap must be for its request: a
    /// purchase, for the payment's amount and currency when it names them (data passed on
    /// sealed names neither here: the acquirer checks them).
    static func checkRead(_ tap: OpenedTap, against payment: Transaction) throws {
        guard tap.kind == nil || tap.kind == .purchase else {
            throw GatewayFailure.invalid("paymentCardData", "the PIN was read for a refund, not for this payment", .cardReadMismatch)
        }
        if let sealed = tap.amount, sealed != payment.money {
            throw GatewayFailure.invalid(
                "paymentCardData", "the PIN was read for \(sealed) but transaction \(payment.id) is for \(payment.money)", .cardReadMismatch)
        }
    }
}

/// How phase 1 of a PIN try ended: the try is in flight, or the window had passed and the
/// payment was declined (committed before the refusal is thrown).
private enum PINPhaseOne: Sendable {
    case begun(Transaction, attempt: Int)
    case expired
}
