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
    /// The open batch each merchant's payments last joined, shared by every copy: a guess for
    /// events rendered before a write, which the write checks.
    var openBatches = OpenBatchMemo()
    /// The row phase 1 wrote, when this recorder finishes one request's payment or follow-up
    /// (``expecting(_:payment:claim:)``): phase 3 renders its events from it before its write.
    var expected: Transaction?
    /// With a follow-up, its payment as phase 1 wrote it.
    var expectedPayment: Transaction?
    /// The request's key, whose answer phase 3 keeps in its own write when the route gave one.
    var claim: IdempotencyClaim?

    /// This recorder, for finishing `row` (phase 1's row of the caller's own request) and,
    /// when `row` is a follow-up, its `payment`, under the request's key.
    func expecting(_ row: Transaction, payment: Transaction? = nil, claim: IdempotencyClaim? = nil) -> OutcomeRecorder {
        var recorder = self
        (recorder.expected, recorder.expectedPayment, recorder.claim) = (row, payment, claim)
        return recorder
    }

    /// The route's answer to keep as the key's in phase 3's write, rendered from what the
    /// events before it were: none for a failure, which the route answers as an error.
    func prepareAnswer(_ events: WebhookPreparedEvents?, outcome: OperationOutcome) throws -> IdempotentAnswer.Rendered? {
        guard outcome != .failed, let events, let answer = claim?.answer, claim?.progress.linked == true else { return nil }
        return try answer.prepare(finished: events.operation ?? events.after, payment: events.after, merchant: events.merchant)
    }

    /// In phase 3's write: keeps `answer` as the key's when it shows the rows the write leaves.
    func keep(_ answer: IdempotentAnswer.Rendered?, finished: Transaction, payment: Transaction, in writer: any StoreWriter) async throws {
        guard let answer, let claim, answer.finished == finished, answer.payment == payment else { return }
        try await claim.keep(answer, in: writer)
    }

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
        let openBatches = openBatches
        var answer = OriginalOutcome(outcome: outcome, result: result, avs: avs, cardExpiry: cardExpiry, emvResponse: emvResponse)
        // The PIN token is asked for before the write: the issuer may call the provider's
        // token service, and no database lock is held across a call.
        answer.challenge = outcome == .pinRequired ? try await pinChallenge(id: id, merchantId: merchantId, now: now) : nil
        let prepared = try await prepareEvents(id: id, merchantId: merchantId, answer: answer, now: now)
        let keptAnswer = try prepareAnswer(prepared, outcome: outcome)
        let recorder = self
        return try await store.write { [answer] writer in
            guard var payment = try await writer.lockTransaction(id: id, merchantId: merchantId) else {
                throw StoreError.notFound(id)
            }
            guard payment.status == .pending else { return (payment, false) }
            let before = payment
            answer.apply(to: &payment, now: now)
            if OriginalOutcome.joinsBatch(payment) {
                payment.batchId = try await BatchLedger.openBatchId(merchantId: merchantId, in: writer, now: now, makeId: makeId)
                openBatches.remember(payment.batchId, merchantId: merchantId)
            }
            try await writer.update(payment)
            try await outbox.record(before: before, after: payment, at: now, in: writer, prepared: prepared)
            try await recorder.keep(keptAnswer, finished: payment, payment: payment, in: writer)
            return (payment, true)
        }
    }

    /// The events of finishing ``expected`` (the row as phase 1 wrote it), rendered before the
    /// write from what it will most likely find: that row still pending, the open batch last
    /// joined, the merchant as last written. Nil without an expected row or a batch to join.
    func prepareEvents(id: String, merchantId: String, answer: OriginalOutcome, now: Date) async throws -> WebhookPreparedEvents? {
        guard let expected, expected.id == id, expected.merchantId == merchantId, expected.status == .pending else { return nil }
        var after = expected
        answer.apply(to: &after, now: now)
        if OriginalOutcome.joinsBatch(after) {
            guard let batchId = openBatches.last(merchantId: merchantId) else { return nil }
            after.batchId = batchId
        }
        let merchant = try await store.merchantAsLastWritten(id: merchantId)
        return try outbox.prepare(before: expected, after: after, merchant: merchant, at: now, forAnswer: true)
    }
}
