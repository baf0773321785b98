import CardData
import Foundation
import Logging
import PaymentCore
import Processing
import Storage
import Tracing

/// Sales and authorizations: the start of every payment, in the three atomic phases.
struct PaymentService: Sendable {
    let store: any Store
    let processors: ProcessorRouter
    let recorder: OutcomeRecorder
    let panHasher: PANHasher
    let now: @Sendable () -> Date
    let makeId: @Sendable () -> String
    let outbox: WebhookOutbox
    /// Each payment is a span (`payment sale`): the use case its writes and processor call are children of.
    var tracer: any Tracer = NoOpTracer()

    /// Runs a sale or authorization and returns the payment as it ended. A processor error or
    /// timeout ends the payment `failed` (with a reversal when an approval may have happened)
    /// and is thrown as `GatewayFailure.processorFailed` with the failed row.
    /// `logger` is the request's, so failures are logged with its correlation id.
    func create(_ payment: NewPayment, merchantId: String, idempotency: IdempotencyClaim?, logger: Logger) async throws -> Transaction {
        try await tracer.useCase("payment", type: payment.type, merchantId: merchantId, status: \.status) { span in
            try await run(payment, merchantId: merchantId, idempotency: idempotency, logger: logger, span: span)
        }
    }

    private func run(
        _ payment: NewPayment, merchantId: String, idempotency: IdempotencyClaim?, logger: Logger, span: any Span
    ) async throws -> Transaction {
        // Chosen before phase 1 writes where the payment goes: recovery and every follow-up
        // find its processor there.
        let processor = try await processors.route(
            RouteFacts(merchantId: merchantId, card: payment.card, currency: payment.currency), named: payment.processorId)
        let prepared = try await PreparedRequest.prepare(merchantId: merchantId, store: store, processor: processor)
        // Phase 1: record the payment as pending, with the idempotency key pointing at it.
        var row = Transaction(
            id: makeId(), merchantId: merchantId, type: payment.type, status: .pending,
            currency: payment.currency, amount: payment.total, createMethod: payment.createMethod, createdAt: now())
        span.attributes["tapline.transaction_id"] = row.id
        row.tipAmount = payment.tipAmount
        row.card = payment.card.summary(panHash: payment.card.clear.map { panHasher.hash($0.pan) } ?? "", entryMode: payment.entryModeName)
        row.cardPresent = payment.tap?.details
        row.referenceId = payment.referenceId
        row.customerId = payment.customerId
        row.customerName = payment.customerName
        row.customerEmail = payment.customerEmail
        row.createdById = payment.createdById
        row.breakdown = payment.breakdown
        row.amountDetails = payment.amountDetails ?? payment.breakdown.map(AmountBreakdown.init)
            ?? AmountBreakdown(base: payment.baseAmount, tip: payment.tipAmount)
        row.additionalInformation = payment.additionalInformation
        row.processorTrace = prepared.trace
        row.processorId = processor.identity.id
        row.billingAddress = payment.billingAddress
        row.shippingAddress = payment.shippingAddress
        row.contact = payment.contact
        row.cardEntry = payment.cardEntry
        let unpriced = row
        let outbox = outbox
        // The `created` event, rendered before the write from the merchant as last written
        // (the write checks it is what it finds: WebhookPreparedEvents).
        let merchant = try await store.merchantAsLastWritten(id: merchantId)
        let events = try (try? Self.terms(payment, settings: merchant?.paymentSettings ?? PaymentSettings(), on: unpriced))
            .map { try outbox.prepare(before: nil, after: $0, merchant: merchant, at: $0.createdAt) }
        let (pending, avs) = try await store.write { writer -> (Transaction, AVSSettings) in
            // The key first: a request already under it is the answer, before the card read
            // this one repeats is refused as a replay.
            try await idempotency?.link(transactionId: unpriced.id, in: writer)
            let settings = try await writer.merchant(id: merchantId)?.paymentSettings ?? PaymentSettings()
            try PaymentAcceptance.check(payment.type, currency: payment.currency, brand: payment.card.brand.rawValue, settings: settings)
            let pending = try Self.terms(payment, settings: settings, on: unpriced)
            if let tap = payment.tap { try await CardReadLedger.record(tap, merchantId: merchantId, at: pending.createdAt, in: writer) }
            try await writer.insert(pending)
            try await outbox.record(before: nil, after: pending, at: pending.createdAt, in: writer, prepared: events)
            return (pending, settings.avs)
        }

        // Phase 2: the processor, outside any database transaction.
        var request = AuthorizationRequest(
            transactionId: row.id, kind: AuthorizationRequest.Kind(original: pending.type),
            amount: Money(minorUnits: pending.amount, currency: payment.currency), card: payment.card,
            entryMode: payment.tap == nil ? payment.entryMode : .contactless, chip: payment.chip, acquirer: prepared.acquirer)
        request.trace = prepared.trace
        request.billingAddress = payment.billingAddress.flatMap { $0.isVerifiable ? $0 : nil }
        request.customerInitiated = payment.cardEntry?.customerInitiated
        let finished = try await processor.decideOriginal(
            request, id: row.id, merchantId: merchantId, recorder: recorder.expecting(pending, claim: idempotency), logger: logger, avsSettings: avs)
        PaymentLog.finished(finished, logger: logger)
        return finished
    }
}

extension PaymentService {
    /// Phase 1's row as the merchant's settings make it: priced, and a tapped card that asks
    /// for a signature held, not captured, until it has one.
    static func terms(_ payment: NewPayment, settings: PaymentSettings, on row: Transaction) throws -> Transaction {
        var pending = try KeyedTerms.apply(payment, settings: settings, to: row)
        if payment.tap != nil { PaymentLifecycle.holdForSignature(&pending, waived: settings.signatureWaived) }
        return pending
    }
}

/// How a processor failure is recorded and answered.
enum ProcessorFailure {
    /// Ends a sale, authorization or PIN try the processor failed on: recorded `failed`,
    /// reversed when an approval may have happened, logged, and thrown with the failed row.
    static func failOriginal(
        id: String, merchantId: String, error: ProcessorError, recorder: OutcomeRecorder, processor: ProcessorGateway, logger: Logger
    ) async throws -> Never {
        let result = result(for: error)
        let failed = try await recorder.finishOriginal(id: id, merchantId: merchantId, outcome: .failed, result: result)
        if error.mayHaveApproved {
            // The processor may have approved without us hearing: reverse so the cardholder is not charged.
            await processor.cancel(transactionId: id)
        }
        logger.warning("processor failed", metadata: PaymentLog.metadata(failed))
        throw GatewayFailure.processorFailed(error, failed: failed, paymentStatus: .failed)
    }

    static func result(for error: ProcessorError) -> ProcessorResult {
        switch error {
        case .unavailable(let code, let message): return ProcessorResult(responseCode: code, message: message)
        case .noAnswer: return ProcessorResult(responseCode: "91", message: "processor did not answer in time")
        case .notConnected: return ProcessorResult(responseCode: "91", message: "processor not connected; nothing was sent")
        }
    }
}
