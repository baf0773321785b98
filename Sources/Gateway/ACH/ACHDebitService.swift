import CardData
import Foundation
import Logging
import PaymentCore
import Processing
import Storage
import Tracing

/// ACH debits, in the three atomic phases: recorded `pending`, sent to the processor with
/// no lock held, then recorded as it answered (`scheduled`, `heldByProcessor`, `declined`).
/// A processor that cannot do ACH is refused before anything is written.
struct ACHDebitService: Sendable {
    let store: any Store
    let processor: ProcessorGateway
    let recorder: OutcomeRecorder
    /// Hashes the account number, as card numbers are, to find one account's debits again.
    let panHasher: PANHasher
    let now: @Sendable () -> Date
    let makeId: @Sendable () -> String
    let outbox: WebhookOutbox
    /// Each debit is a span (`payment achDebit`), like a card payment.
    var tracer: any Tracer = NoOpTracer()

    func debit(_ debit: NewACHDebit, merchantId: String, idempotency: IdempotencyClaim?, logger: Logger) async throws -> Transaction {
        try await tracer.useCase("payment", type: .achDebit, merchantId: merchantId, status: \.status) { span in
            try await run(debit, merchantId: merchantId, idempotency: idempotency, logger: logger, span: span)
        }
    }

    private func run(
        _ debit: NewACHDebit, merchantId: String, idempotency: IdempotencyClaim?, logger: Logger, span: any Span
    ) async throws -> Transaction {
        guard processor.supportsACH else { throw GatewayFailure.achNotSupported(processor: processor.identity.name) }
        try await processor.requireReachable()
        var row = Transaction(
            id: makeId(), merchantId: merchantId, type: .achDebit, status: .pending, currency: debit.amount.currency,
            amount: debit.amount.minorUnits, createMethod: .apiToken, createdAt: now())
        span.attributes["tapline.transaction_id"] = row.id
        row.bankAccount = BankAccountDetails(debit.account, accountNumberHash: panHasher.hash(debit.account.accountNumber))
        row.referenceId = debit.referenceId
        row.customerId = debit.customerId
        row.customerName = debit.account.holderName
        row.customerEmail = debit.customerEmail
        row.createdById = debit.createdById
        row.processorId = processor.identity.id
        row.amountDetails = AmountBreakdown(base: debit.amount.minorUnits)
        // Phase 1: record it pending, with the idempotency key pointing at it.
        let pending = row
        let outbox = outbox
        try await store.write { writer in
            let settings = try await writer.merchant(id: merchantId)?.paymentSettings ?? PaymentSettings()
            try PaymentAcceptance.check(.achDebit, currency: debit.amount.currency, brand: nil, settings: settings)
            try await writer.insert(pending)
            try await outbox.record(before: nil, after: pending, at: pending.createdAt, in: writer)
            try await idempotency?.link(transactionId: pending.id, in: writer)
        }
        // Phase 2: the processor, outside any database transaction.
        let request = ACHDebitRequest(transactionId: row.id, amount: debit.amount, account: debit.account)
        let response: ProcessorResponse
        do throws(ProcessorError) {
            response = try await processor.debitBankAccount(request)
        } catch {
            try await ProcessorFailure.failOriginal(
                id: row.id, merchantId: merchantId, error: error, recorder: recorder, processor: processor, logger: logger)
        }
        // Phase 3.
        let finished = try await recorder.finishOriginal(id: row.id, merchantId: merchantId, outcome: response.outcome, result: response.result)
        PaymentLog.finished(finished, logger: logger)
        return finished
    }
}
