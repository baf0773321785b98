import Foundation

/// The payment's status machine and amount rules (docs/architecture.md, "Transactions and
/// their life"). Pure functions over a ``Transaction``: the gateway calls ``reserve`` in the
/// first database transaction, asks the processor, then calls ``complete`` in the second.
public enum PaymentLifecycle {
    /// Records the processor's answer to the original sale or authorization.
    public static func completeOriginal(_ payment: inout Transaction, outcome: OperationOutcome, now: Date) {
        precondition(payment.type == .sale || payment.type == .authorization, "only a sale or authorization has this outcome")
        switch outcome {
        case .approved(let amount):
            payment.authorizedAmount = amount
            if payment.type == .sale {
                payment.capturedAmount = amount
                payment.status = .captured
            } else {
                payment.status = .authorized
            }
        case .declined: payment.status = .declined
        case .pinRequired: payment.status = .pinRequired
        case .failed: payment.status = .failed
        }
        payment.updatedAt = now
    }

    /// Phase 1: checks the follow-up is legal now, reserves what it needs on the payment,
    /// and returns the amount of the follow-up row. A capture may exceed the authorized
    /// amount by `tipOvercapture` (see ``tipOvercapture(authorized:tip:)``).
    public static func reserve(
        _ request: FollowUpRequest, on payment: inout Transaction, operationId: String,
        now: Date, authorizationWindow: TimeInterval, tipOvercapture: Int64 = 0
    ) throws(PaymentError) -> Int64 {
        guard payment.type.isOriginal else {
            throw .invalidTransition(operation: request.type, status: payment.status, settled: payment.isSettled)
        }
        guard payment.pendingOperationId == nil else { throw .operationInProgress(status: payment.status) }
        if case .refund(let asked) = request {
            let amount = try refundAmount(asked, payment: payment)
            payment.pendingRefundAmount += amount
            payment.updatedAt = now
            return amount
        }
        // Every other follow-up changes the captured or authorized amount, so it waits for refunds in flight.
        guard payment.pendingRefundAmount == 0 else { throw .operationInProgress(status: payment.status) }
        let amount = try exclusiveAmount(request, payment: payment, now: now, window: authorizationWindow, tipOvercapture: tipOvercapture)
        payment.pendingOperationId = operationId
        payment.updatedAt = now
        return amount
    }

    /// Phase 3: applies the processor's answer to a follow-up reserved by ``reserve``.
    public static func complete(_ operation: Transaction, outcome: OperationOutcome, on payment: inout Transaction, now: Date) {
        payment.updatedAt = now
        if operation.type == .refund {
            payment.pendingRefundAmount = max(0, payment.pendingRefundAmount - operation.amount)
            if case .approved(let amount) = outcome {
                payment.refundedAmount += amount
                if payment.refundedAmount >= payment.capturedAmount { payment.status = .refunded }
            }
            return
        }
        if payment.pendingOperationId == operation.id { payment.pendingOperationId = nil }
        guard case .approved(let approved) = outcome else { return }
        switch operation.type {
        case .capture:
            payment.capturedAmount = approved
            payment.status = .captured
            if let breakdown = operation.breakdown {
                // The breakdown sent with the capture is the final word on the parts, tip included.
                payment.breakdown = breakdown
                payment.amountDetails = AmountBreakdown(breakdown)
                payment.tipAmount = breakdown.tipAmount
            }
        case .incrementalAuthorization:
            payment.authorizedAmount += approved
            if let breakdown = operation.breakdown {
                payment.breakdown = breakdown
                payment.amountDetails = AmountBreakdown(breakdown)
                payment.tipAmount = breakdown.tipAmount
            }
        case .tipAdjustment:
            payment.capturedAmount += operation.amount - payment.tipAmount
            payment.tipAmount = operation.amount
            // Keep the stored parts adding up to what was captured.
            if let breakdown = operation.breakdown {
                payment.breakdown = breakdown
                payment.amountDetails = AmountBreakdown(breakdown)
            } else {
                payment.breakdown?.tipAmount = operation.amount
                payment.amountDetails = payment.amountDetails?.adjustingTip(to: operation.amount)
            }
        case .void:
            // Cancelling an ACH debit before it is submitted is ARISE's AchCancel.
            payment.status = payment.type == .achDebit ? .cancelled : .voided
        case .reversal:
            if payment.status == .authorized, approved < payment.authorizedAmount {
                payment.authorizedAmount -= approved
            } else {
                payment.status = .voided
            }
        // A chargeback is recorded by the dispute that made it, never through this path.
        case .sale, .authorization, .refund, .cardAuthentication, .achDebit, .chargeback:
            break
        }
    }

    /// Moves an authorization older than the window to `expired`; true when it did.
    public static func expireIfDue(_ payment: inout Transaction, now: Date, authorizationWindow: TimeInterval) -> Bool {
        guard payment.status == .authorized, payment.pendingOperationId == nil, payment.pendingRefundAmount == 0,
              isExpired(payment, now: now, window: authorizationWindow) else { return false }
        payment.status = .expired
        payment.updatedAt = now
        return true
    }

    /// The follow-ups allowed now, each with the most it can move.
    public static func availableOperations(for payment: Transaction, now: Date, authorizationWindow: TimeInterval) -> [AvailableOperation] {
        guard payment.type.isOriginal, payment.pendingOperationId == nil else { return [] }
        var operations: [AvailableOperation] = []
        switch payment.status {
        case .authorized where payment.pendingRefundAmount == 0 && !isExpired(payment, now: now, window: authorizationWindow):
            operations = [
                AvailableOperation(type: .capture, availableAmount: payment.authorizedAmount),
                AvailableOperation(type: .incrementalAuthorization, availableAmount: nil),
                AvailableOperation(type: .void, availableAmount: payment.authorizedAmount),
                AvailableOperation(type: .reversal, availableAmount: payment.authorizedAmount),
            ]
        case .scheduled, .heldByProcessor, .cleared:
            operations = achOperations(for: payment)
        case .captured:
            if !payment.isSettled && payment.refundedAmount == 0 && payment.pendingRefundAmount == 0 {
                operations.append(AvailableOperation(type: .void, availableAmount: payment.capturedAmount))
                operations.append(AvailableOperation(type: .tipAdjustment, availableAmount: nil))
            }
            if payment.refundableAmount > 0 {
                operations.append(AvailableOperation(type: .refund, availableAmount: payment.refundableAmount))
            }
        default:
            break
        }
        return operations
    }

    static func isExpired(_ payment: Transaction, now: Date, window: TimeInterval) -> Bool {
        now >= payment.createdAt.addingTimeInterval(window)
    }

    private static func refundAmount(_ asked: Int64?, payment: Transaction) throws(PaymentError) -> Int64 {
        // A card payment is refunded once captured, an ACH debit once its funds cleared.
        guard payment.status == .captured || payment.status == .cleared else {
            throw .invalidTransition(operation: .refund, status: payment.status, settled: payment.isSettled)
        }
        let available = payment.refundableAmount
        let amount = asked ?? available
        guard amount > 0 else {
            if asked == nil { throw .amountExceedsAvailable(operation: .refund, requested: 0, available: 0) }
            throw .invalidAmount("refund amount must be greater than zero")
        }
        guard amount <= available else {
            throw .amountExceedsAvailable(operation: .refund, requested: amount, available: available)
        }
        return amount
    }

    private static func exclusiveAmount(
        _ request: FollowUpRequest, payment: Transaction, now: Date, window: TimeInterval, tipOvercapture: Int64
    ) throws(PaymentError) -> Int64 {
        let illegal = PaymentError.invalidTransition(operation: request.type, status: payment.status, settled: payment.isSettled)
        let voidableCapture = payment.status == .captured && !payment.isSettled && payment.refundedAmount == 0
        switch request {
        case .capture(let asked):
            guard payment.status == .authorized else { throw illegal }
            guard !isExpired(payment, now: now, window: window) else { throw .authorizationExpired }
            let (limit, overflow) = payment.authorizedAmount.addingReportingOverflow(max(0, tipOvercapture))
            return try bounded(asked ?? payment.authorizedAmount, by: overflow ? payment.authorizedAmount : limit, operation: .capture)
        case .incrementalAuthorization(let delta):
            guard payment.status == .authorized else { throw illegal }
            guard !isExpired(payment, now: now, window: window) else { throw .authorizationExpired }
            guard delta > 0 else { throw .invalidAmount("incremental authorization amount must be greater than zero") }
            guard Money.isWithinLimit(delta), Money.isWithinLimit(payment.authorizedAmount),
                  delta <= Money.largestMinorUnits - payment.authorizedAmount else {
                throw .amountTooLarge("the authorization would grow above the largest amount, \(Money.largestMinorUnits) minor units")
            }
            return delta
        case .tipAdjustment(let tip):
            guard payment.status == .captured, !payment.isSettled else { throw illegal }
            guard tip >= 0 else { throw .invalidAmount("tip must not be negative") }
            // Every term is bounded before the sum, so neither can overflow.
            guard Money.isWithinLimit(tip), Money.isWithinLimit(payment.capturedAmount), Money.isWithinLimit(payment.tipAmount),
                  payment.capturedAmount - payment.tipAmount <= Money.largestMinorUnits - tip else {
                throw .amountTooLarge("the new tip would take the captured amount above the largest amount, \(Money.largestMinorUnits) minor units")
            }
            guard payment.capturedAmount - payment.tipAmount + tip >= payment.refundedAmount else {
                throw .invalidAmount("the new tip would leave less captured than already refunded")
            }
            return tip
        case .void:
            if payment.type == .achDebit { return try achCancelAmount(payment) }
            if payment.status == .authorized { return payment.authorizedAmount }
            guard voidableCapture else { throw illegal }
            return payment.capturedAmount
        case .reversal(let asked):
            if payment.status == .authorized {
                return try bounded(asked ?? payment.authorizedAmount, by: payment.authorizedAmount, operation: .reversal)
            }
            guard voidableCapture else { throw illegal }
            guard asked == nil || asked == payment.capturedAmount else {
                throw .invalidAmount("a captured payment can only be reversed in full")
            }
            return payment.capturedAmount
        case .refund:
            preconditionFailure("refunds are reserved by refundAmount")
        }
    }

    private static func bounded(_ amount: Int64, by available: Int64, operation: TransactionType) throws(PaymentError) -> Int64 {
        guard amount > 0 else { throw .invalidAmount("\(operation.rawValue) amount must be greater than zero") }
        guard amount <= available else {
            throw .amountExceedsAvailable(operation: operation, requested: amount, available: available)
        }
        return amount
    }
}
