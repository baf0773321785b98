import CardData
import Foundation
import PaymentCore
import Processing
import Storage

/// Phase 3 of every operation: records the processor's answer on the operation and the
/// payment in one database transaction. The services and the recovery job share it, so an
/// operation finishes the same way whether its request is alive or it was left by a crash.
struct OutcomeRecorder: Sendable {
    let store: any Store
    let now: @Sendable () -> Date
    let makeId: @Sendable () -> String
    let pinPolicy: PINPolicy
    /// Appends the change's webhook events in the same write.
    let outbox: WebhookOutbox
    /// Counts each finished operation once its write committed (`OutcomeRecorder+Metrics`).
    var metrics: GatewayMetrics?

    /// Finishes a sale, an authorization, a PIN try on one, or an unreferenced refund. A row
    /// that is no longer pending is returned as it is.
    /// `avs`, when given, is the address verification answer to keep on the payment;
    /// `cardExpiry` the expiry of a card passed on sealed, as the acquirer read it;
    /// `emvResponse` the issuer's EMV answer to a tapped card (tags 91, 71, 72).
    func finishOriginal(
        id: String, merchantId: String, outcome: OperationOutcome, result: ProcessorResult, avs: AVSResult? = nil,
        cardExpiry: CardExpiry? = nil, emvResponse: Data? = nil
    ) async throws -> Transaction {
        let recorded = try await recordOriginal(
            id: id, merchantId: merchantId, outcome: outcome, result: result, avs: avs, cardExpiry: cardExpiry, emvResponse: emvResponse)
        if recorded.changed { count(original: recorded.payment) }
        return recorded.payment
    }

    /// Finishes a follow-up and applies it to its payment. A follow-up that is no longer
    /// pending is returned as it is.
    func finishFollowUp(id: String, merchantId: String, outcome: OperationOutcome, result: ProcessorResult) async throws -> (operation: Transaction, payment: Transaction) {
        let recorded = try await recordFollowUp(id: id, merchantId: merchantId, outcome: outcome, result: result)
        if recorded.changed { count(followUp: recorded.operation) }
        return (recorded.operation, recorded.payment)
    }

    /// Finishes a row left pending (the recovery job). False when something else finished it
    /// first: another instance's recovery, or its own request's late phase 3.
    func resolve(_ row: Transaction, outcome: OperationOutcome, result: ProcessorResult) async throws -> Bool {
        // Rows with no parent (payments, unreferenced refunds, card verifications) finish as originals.
        if row.parentId == nil {
            let recorded = try await recordOriginal(id: row.id, merchantId: row.merchantId, outcome: outcome, result: result)
            if recorded.changed { count(original: recorded.payment) }
            return recorded.changed
        }
        let recorded = try await recordFollowUp(id: row.id, merchantId: row.merchantId, outcome: outcome, result: result)
        if recorded.changed { count(followUp: recorded.operation) }
        return recorded.changed
    }

    private func recordOriginal(
        id: String, merchantId: String, outcome: OperationOutcome, result: ProcessorResult, avs: AVSResult? = nil,
        cardExpiry: CardExpiry? = nil, emvResponse: Data? = nil
    ) async throws -> (payment: Transaction, changed: Bool) {
        let now = now()
        let makeId = makeId
        let outbox = outbox
        // The PIN token is asked for before the write: the issuer may call the provider's
        // token service, and no database lock is held across a call.
        let challenge = outcome == .pinRequired ? try await pinChallenge(id: id, merchantId: merchantId, now: now) : nil
        return try await store.write { writer in
            guard var payment = try await writer.lockTransaction(id: id, merchantId: merchantId) else {
                throw StoreError.notFound(id)
            }
            guard payment.status == .pending else { return (payment, false) }
            let before = payment
            payment.processorResult = result
            if let avs { payment.avsResult = avs }
            if let cardExpiry, var card = payment.card, card.expiryMonth == 0 {
                (card.expiryMonth, card.expiryYear) = (cardExpiry.month, cardExpiry.year)
                payment.card = card
            }
            if let emvResponse, payment.cardPresent != nil { payment.cardPresent?.emvResponse = emvResponse.hexString.uppercased() }
            if payment.type == .refund {
                Self.completeUnreferencedRefund(&payment, outcome: outcome, now: now)
            } else if payment.type == .cardAuthentication {
                Self.completeVerification(&payment, outcome: outcome, now: now)
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
                payment.processorResult = ProcessorResult(responseCode: result.responseCode, message: Self.noPINTokenMessage)
            } else {
                PaymentLifecycle.completeOriginal(&payment, outcome: outcome, now: now)
                if payment.status == .pinRequired, let challenge {
                    PaymentLifecycle.requirePIN(&payment, challenge: challenge, now: now)
                }
            }
            payment.balanceAfter = PaymentBalance(of: payment)
            // What the next batch close settles (an ACH debit held for review waits outside any batch).
            if payment.status == .captured || payment.status == .scheduled || (payment.type == .refund && payment.status == .approved) {
                payment.batchId = try await BatchLedger.openBatchId(merchantId: merchantId, in: writer, now: now, makeId: makeId)
            }
            try await writer.update(payment)
            try await outbox.record(before: before, after: payment, at: now, in: writer)
            return (payment, true)
        }
    }

    /// A refund with no payment behind it ends like a follow-up row: approved, declined or failed.
    private static func completeUnreferencedRefund(_ refund: inout Transaction, outcome: OperationOutcome, now: Date) {
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
    private static func completeVerification(_ verification: inout Transaction, outcome: OperationOutcome, now: Date) {
        verification.status = switch outcome {
        case .approved: .verified
        case .declined, .pinRequired: .declined
        case .failed: .failed
        }
        verification.updatedAt = now
    }

    private func recordFollowUp(
        id: String, merchantId: String, outcome: OperationOutcome, result: ProcessorResult
    ) async throws -> (operation: Transaction, payment: Transaction, changed: Bool) {
        let now = now()
        let makeId = makeId
        let outbox = outbox
        return try await store.write { writer in
            guard var operation = try await writer.lockTransaction(id: id, merchantId: merchantId),
                  let parentId = operation.parentId,
                  var payment = try await writer.lockTransaction(id: parentId, merchantId: merchantId) else {
                throw StoreError.notFound(id)
            }
            guard operation.status == .pending else { return (operation, payment, false) }
            operation.status = switch outcome {
            case .approved: .approved
            case .declined, .pinRequired: .declined
            case .failed: .failed
            }
            operation.processorResult = result
            operation.updatedAt = now
            PaymentLifecycle.complete(operation, outcome: outcome, on: &payment, now: now)
            operation.balanceAfter = PaymentBalance(of: payment)
            let joinsBatch = operation.status == .approved && (operation.type == .capture || operation.type == .refund)
            if joinsBatch {
                let batchId = try await BatchLedger.openBatchId(merchantId: merchantId, in: writer, now: now, makeId: makeId)
                operation.batchId = batchId
                if operation.type == .capture { payment.batchId = batchId }
            }
            try await writer.update(operation)
            try await writer.update(payment)
            try await outbox.record(before: nil, after: payment, operation: operation, at: now, in: writer)
            return (operation, payment, true)
        }
    }
}

/// Every captured payment and every refund joins its merchant's open batch.
enum BatchLedger {
    /// The id of the merchant's open batch, opening one if there is none. A merchant has at
    /// most one open batch (a unique index): when another instance opened one first, this
    /// insert is a duplicate and the batch it opened is joined instead.
    static func openBatchId(merchantId: String, in writer: any StoreWriter, now: Date, makeId: () -> String) async throws -> String {
        if let open = try await writer.openBatchId(merchantId: merchantId) { return open }
        let batch = Batch(id: makeId(), merchantId: merchantId, openedAt: now)
        do {
            try await writer.insert(batch)
            return batch.id
        } catch StoreError.duplicate {
            guard let open = try await writer.openBatchId(merchantId: merchantId) else { throw StoreError.duplicate("batch \(batch.id)") }
            return open
        }
    }
}
