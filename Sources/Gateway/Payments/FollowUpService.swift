import Foundation
import Logging
import PaymentCore
import Processing
import Storage
import Tracing

/// Capture, incremental authorization, tip adjustment, void, reversal and refund, each
/// recorded as a transaction of its own, in the three atomic phases.
struct FollowUpService: Sendable {
    let store: any Store
    let processors: ProcessorRouter
    let recorder: OutcomeRecorder
    let now: @Sendable () -> Date
    let makeId: @Sendable () -> String
    /// Each follow-up is a span (`follow-up capture`) on the payment's id.
    var tracer: any Tracer = NoOpTracer()

    /// `logger`, the request's, gets the operation's outcome line (``PaymentLog``).
    /// `breakdown` (capture, incremental authorization, tip adjustment) describes the payment's new total: it is
    /// checked against that total in phase 1, kept on the operation, and replaces the
    /// payment's when the processor approves. `currency`, when the client named one for its
    /// amounts, must be the payment's.
    func perform(
        _ request: FollowUpRequest, paymentId: String, merchantId: String, createdById: String?,
        idempotency: IdempotencyClaim?, tap: TapProof? = nil, breakdown: PaymentBreakdown? = nil, currency: Currency? = nil,
        logger: Logger? = nil
    ) async throws -> (operation: Transaction, payment: Transaction) {
        try await tracer.useCase("follow-up", type: request.type, merchantId: merchantId, status: \.operation.status) { span in
            span.attributes["tapline.payment_id"] = paymentId
            return try await run(
                request, paymentId: paymentId, merchantId: merchantId, createdById: createdById, idempotency: idempotency,
                tap: tap, breakdown: breakdown, currency: currency, logger: logger, span: span)
        }
    }

    private func run(
        _ request: FollowUpRequest, paymentId: String, merchantId: String, createdById: String?,
        idempotency: IdempotencyClaim?, tap: TapProof?, breakdown: PaymentBreakdown?, currency: Currency?,
        logger: Logger?, span: any Span
    ) async throws -> (operation: Transaction, payment: Transaction) {
        let operationId = makeId()
        span.attributes["tapline.transaction_id"] = operationId
        let now = now()
        // A follow-up goes to its payment's own processor, never elsewhere.
        let processor = try await processors.gateway(forPayment: paymentId, merchantId: merchantId, store: store)
        try await processor.requireReachable()
        let prepared = try await PreparedRequest.prepare(merchantId: merchantId, store: store, processor: processor)
        // Phase 1: lock the payment, check the move, reserve its amount, record it pending.
        let (operation, payment) = try await store.write { writer -> (Transaction, Transaction) in
            // The key first: a request already under it is the answer (see PaymentService).
            try await idempotency?.link(transactionId: operationId, in: writer)
            guard var payment = try await writer.lockTransaction(id: paymentId, merchantId: merchantId),
                  payment.parentId == nil else { throw GatewayFailure.notFound(.transaction, id: paymentId) }
            if let currency, currency != payment.currency {
                throw GatewayFailure.invalid(
                    "currency", "transaction \(paymentId) is in \(payment.currency.code), not \(currency.code); "
                        + "send the amount in minor units of the payment's currency", .currencyMismatch)
            }
            // A card verification or an unreferenced refund is found, and PaymentLifecycle.reserve refuses the move (409).
            if let tap {
                // A card-present refund goes back to the card that paid.
                guard tap.isCard(of: payment.card) else {
                    throw GatewayFailure.invalid(
                        "paymentCardData", "the tapped card is not the card that paid for transaction \(paymentId)", .cardMismatch)
                }
                try await CardReadLedger.record(tap, merchantId: merchantId, at: now, in: writer)
            }
            if payment.bankAccount != nil, !processor.supportsACH {
                throw GatewayFailure.achNotSupported(processor: processor.identity.name)
            }
            try await Self.refuseIfDisputed(request.type, payment: payment, in: writer)
            let merchant = try await writer.merchant(id: merchantId)
            let settings = merchant?.paymentSettings ?? PaymentSettings()
            try PaymentAcceptance.check(request.type, currency: nil, brand: nil, settings: settings)
            let window = merchant?.authorizationWindow ?? Merchant.defaultAuthorizationWindow
            let amount: Int64
            do throws(PaymentError) {
                // Checked before anything is reserved, so a refused capture writes nothing.
                try PaymentLifecycle.requireSignature(request, on: payment, waived: settings.signatureWaived)
                // A capture whose breakdown carries a tip may take it on top of the hold.
                let overcapture = request.type == .capture
                    ? PaymentLifecycle.tipOvercapture(authorized: payment.authorizedAmount, tip: breakdown?.tipAmount ?? 0) : 0
                amount = try PaymentLifecycle.reserve(
                    request, on: &payment, operationId: operationId, now: now, authorizationWindow: window, tipOvercapture: overcapture)
            } catch {
                throw GatewayFailure.paymentRefused(error, paymentStatus: payment.status)
            }
            if let breakdown {
                let newTotal = switch request.type {
                case .incrementalAuthorization: payment.authorizedAmount + amount
                // The tip replaces the old one in what was captured (amounts are bounded, tip ≤ captured).
                case .tipAdjustment: payment.capturedAmount - payment.tipAmount + amount
                default: amount
                }
                try BreakdownRules.check(breakdown, total: newTotal)
            }
            var operation = Transaction(
                id: operationId, merchantId: merchantId, type: request.type, status: .pending, parentId: payment.id,
                currency: payment.currency, amount: amount, createMethod: payment.createMethod, createdAt: now)
            operation.card = payment.card
            operation.bankAccount = payment.bankAccount
            operation.referenceId = payment.referenceId
            operation.createdById = createdById
            operation.cardPresent = tap?.details
            operation.breakdown = breakdown
            operation.processorTrace = prepared.trace
            operation.processorId = processor.identity.id
            try await writer.insert(operation)
            try await writer.update(payment)
            return (operation, payment)
        }

        // Phase 2: the processor, outside any database transaction.
        let processorRequest = Self.processorRequest(for: operation, payment: payment, acquirer: prepared.acquirer)
        let response: ProcessorResponse
        do throws(ProcessorError) {
            response = try await processor.followUp(operation.type, processorRequest)
        } catch {
            let result = ProcessorFailure.result(for: error)
            let (failed, _) = try await recorder.finishFollowUp(id: operation.id, merchantId: merchantId, outcome: .failed, result: result)
            if error.mayHaveApproved { await processor.cancel(transactionId: operation.id) }
            PaymentLog.finished(failed, logger: logger, level: .warning)
            throw GatewayFailure.processorFailed(error, failed: failed, paymentStatus: payment.status)
        }
        // Phase 3, its event rendered from phase 1's rows before its write.
        let finished = try await recorder.expecting(operation, payment: payment, claim: idempotency).finishFollowUp(
            id: operation.id, merchantId: merchantId, outcome: response.outcome, result: response.result)
        PaymentLog.finished(finished.operation, logger: logger)
        return finished
    }

    /// What the processor is asked for `operation` on `payment`, as phase 1 left them. The
    /// recovery job rebuilds it the same way to reverse an operation a crash left unanswered:
    /// phase 1 moves no amounts, and a pending operation blocks every other but refunds.
    static func processorRequest(for operation: Transaction, payment: Transaction, acquirer: AcquirerIdentity?) -> FollowUpProcessorRequest {
        var request = FollowUpProcessorRequest(
            transactionId: operation.id, originalTransactionId: payment.id,
            originalReference: payment.processorResult?.reference,
            amount: operation.money, newTotal: newTotal(of: operation, payment: payment))
        request.originalAuthorizationCode = payment.processorResult?.authorizationCode
        request.originalKind = AuthorizationRequest.Kind(original: payment.type)
        request.originalTrace = payment.processorTrace
        request.trace = operation.processorTrace
        request.acquirer = acquirer
        if operation.type == .void || operation.type == .reversal {
            let outstanding = payment.capturedAmount > 0 ? payment.capturedAmount - payment.refundedAmount : payment.authorizedAmount
            request.outstandingBefore = Money(minorUnits: outstanding, currency: payment.currency)
        }
        return request
    }

    /// The captured total a tip adjustment leads to; nil for other operations.
    private static func newTotal(of operation: Transaction, payment: Transaction) -> Money? {
        guard operation.type == .tipAdjustment else { return nil }
        return Money(minorUnits: payment.capturedAmount - payment.tipAmount + operation.amount, currency: payment.currency)
    }
}
