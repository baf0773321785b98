import Foundation
import PaymentCore
import Storage

extension OutcomeRecorder {
    /// Records a follow-up's answer on it and applies it to its payment, in one write, with
    /// its event (rendered before the write when phase 1's rows are expected).
    func recordFollowUp(
        id: String, merchantId: String, outcome: OperationOutcome, result: ProcessorResult
    ) async throws -> (operation: Transaction, payment: Transaction, changed: Bool) {
        let now = now()
        let makeId = makeId
        let outbox = outbox
        let openBatches = openBatches
        let prepared = try await prepareFollowUpEvents(id: id, merchantId: merchantId, outcome: outcome, result: result, now: now)
        let keptAnswer = try prepareAnswer(prepared, outcome: outcome)
        let recorder = self
        return try await store.write { writer in
            guard var operation = try await writer.lockTransaction(id: id, merchantId: merchantId),
                  let parentId = operation.parentId,
                  var payment = try await writer.lockTransaction(id: parentId, merchantId: merchantId) else {
                throw StoreError.notFound(id)
            }
            guard operation.status == .pending else { return (operation, payment, false) }
            if Self.complete(&operation, on: &payment, outcome: outcome, result: result, now: now) {
                let batchId = try await BatchLedger.openBatchId(merchantId: merchantId, in: writer, now: now, makeId: makeId)
                Self.join(batchId, &operation, &payment)
                openBatches.remember(batchId, merchantId: merchantId)
            }
            try await writer.update(operation)
            try await writer.update(payment)
            try await outbox.record(before: nil, after: payment, operation: operation, at: now, in: writer, prepared: prepared)
            try await recorder.keep(keptAnswer, finished: operation, payment: payment, in: writer)
            return (operation, payment, true)
        }
    }

    /// The event of finishing the expected follow-up on its expected payment, rendered before
    /// the write (as ``prepareEvents(id:merchantId:answer:now:)`` does for payments).
    func prepareFollowUpEvents(
        id: String, merchantId: String, outcome: OperationOutcome, result: ProcessorResult, now: Date
    ) async throws -> WebhookPreparedEvents? {
        guard var operation = expected, var payment = expectedPayment, operation.id == id, operation.merchantId == merchantId,
              operation.status == .pending, operation.parentId == payment.id else { return nil }
        if Self.complete(&operation, on: &payment, outcome: outcome, result: result, now: now) {
            guard let batchId = openBatches.last(merchantId: merchantId) else { return nil }
            Self.join(batchId, &operation, &payment)
        }
        let merchant = try await store.merchantAsLastWritten(id: merchantId)
        return try outbox.prepare(before: nil, after: payment, operation: operation, merchant: merchant, at: now)
    }

    /// `operation` (pending) and its `payment` as the answer leaves them, all but the batch;
    /// true when the operation joins the open batch (an approved capture or refund).
    static func complete(
        _ operation: inout Transaction, on payment: inout Transaction, outcome: OperationOutcome, result: ProcessorResult, now: Date
    ) -> Bool {
        operation.status = switch outcome {
        case .approved: .approved
        case .declined, .pinRequired: .declined
        case .failed: .failed
        }
        operation.processorResult = result
        operation.updatedAt = now
        PaymentLifecycle.complete(operation, outcome: outcome, on: &payment, now: now)
        operation.balanceAfter = PaymentBalance(of: payment)
        return operation.status == .approved && (operation.type == .capture || operation.type == .refund)
    }

    /// The operation joins batch `batchId`; a capture brings its payment into it.
    private static func join(_ batchId: String, _ operation: inout Transaction, _ payment: inout Transaction) {
        operation.batchId = batchId
        if operation.type == .capture { payment.batchId = batchId }
    }
}
