import CardData
import Foundation
import PaymentCore
import Processing

/// What phase 3 records on a sale, an authorization, a PIN try on one, an unreferenced refund
/// or a card verification: the processor's answer and what came with it. ``apply(to:now:)``
/// is the one place the answer changes the row, so the write and the events rendered before
/// it (``WebhookPreparedEvents``) cannot disagree on what the row becomes.
struct OriginalOutcome: Sendable {
    var outcome: OperationOutcome
    var result: ProcessorResult
    /// The address verification answer to keep on the payment.
    var avs: AVSResult?
    /// The expiry of a card passed on sealed, as the acquirer read it.
    var cardExpiry: CardExpiry?
    /// The issuer's EMV answer to a tapped card (tags 91, 71, 72).
    var emvResponse: Data?
    /// The PIN token made before the write, when the issuer asked for a PIN.
    var challenge: PINChallenge?

    /// `payment` (pending) as the answer leaves it, all but its batch (the write joins the open one).
    func apply(to payment: inout Transaction, now: Date) {
        payment.processorResult = result
        if let avs { payment.avsResult = avs }
        if let cardExpiry, var card = payment.card, card.expiryMonth == 0 {
            (card.expiryMonth, card.expiryYear) = (cardExpiry.month, cardExpiry.year)
            payment.card = card
        }
        if let emvResponse, payment.cardPresent != nil { payment.cardPresent?.emvResponse = emvResponse.hexString.uppercased() }
        if payment.type == .refund {
            completeUnreferencedRefund(&payment, now: now)
        } else if payment.type == .cardAuthentication {
            completeVerification(&payment, now: now)
        } else if payment.type == .achDebit {
            let held = result.responseCode == ACHResponseCode.heldForReview
            PaymentLifecycle.completeACHDebit(&payment, outcome: outcome, heldByProcessor: held, now: now)
        } else if payment.pinChallenge != nil {
            let wrongPIN = outcome == .declined && result.responseCode == ISOResponseCode.incorrectPIN.rawValue
            PaymentLifecycle.completePINAttempt(&payment, outcome: outcome, wrongPIN: wrongPIN, now: now)
            if wrongPIN, payment.status == .declined {
                let code = ISOResponseCode.pinTriesExceeded
                payment.processorResult = ProcessorResult(responseCode: code.rawValue, message: code.message)
            }
        } else if outcome == .pinRequired, challenge == nil {
            // No PIN token could be had: the payment cannot wait for a PIN, so the
            // issuer's soft decline stands as a decline. Nothing was charged.
            PaymentLifecycle.completeOriginal(&payment, outcome: .declined, now: now)
            payment.processorResult = ProcessorResult(responseCode: result.responseCode, message: OutcomeRecorder.noPINTokenMessage)
        } else {
            PaymentLifecycle.completeOriginal(&payment, outcome: outcome, now: now)
            if payment.status == .pinRequired, let challenge {
                PaymentLifecycle.requirePIN(&payment, challenge: challenge, now: now)
            }
        }
        payment.balanceAfter = PaymentBalance(of: payment)
    }

    /// Whether the row as finished joins the open batch: what the next close settles (an ACH
    /// debit held for review waits outside any batch).
    static func joinsBatch(_ payment: Transaction) -> Bool {
        payment.status == .captured || payment.status == .scheduled || (payment.type == .refund && payment.status == .approved)
    }

    /// A refund with no payment behind it ends like a follow-up row: approved, declined or failed.
    private func completeUnreferencedRefund(_ refund: inout Transaction, now: Date) {
        switch outcome {
        case .approved(let amount):
            refund.status = .approved
            refund.refundedAmount = amount
        case .declined, .pinRequired: refund.status = .declined
        case .failed: refund.status = .failed
        }
        refund.updatedAt = now
    }

    /// A card verification ends `verified`, `declined` or `failed`, holding nothing.
    private func completeVerification(_ verification: inout Transaction, now: Date) {
        verification.status = switch outcome {
        case .approved: .verified
        case .declined, .pinRequired: .declined
        case .failed: .failed
        }
        verification.updatedAt = now
    }
}
