import Foundation

/// An ACH debit's life. The processor accepts it (`scheduled`) or holds it for review
/// (`heldByProcessor`); a batch close submits the scheduled ones to the ACH network
/// (`inProgress`); once the clearing period passes the processor says whether the funds
/// arrived (`cleared`) or the account holder's bank returned it (`chargedBack`). Before it is
/// submitted it can be cancelled (a void: `cancelled`); once cleared it can be refunded,
/// in part or in full, as a card payment can.
extension PaymentLifecycle {
    /// Records the processor's answer to an ACH debit. An ACH debit never asks for a PIN,
    /// so a processor that says so has failed.
    public static func completeACHDebit(_ payment: inout Transaction, outcome: OperationOutcome, heldByProcessor: Bool, now: Date) {
        precondition(payment.type == .achDebit, "only an ACH debit has this outcome")
        switch outcome {
        case .approved(let amount):
            payment.authorizedAmount = amount
            payment.capturedAmount = amount
            payment.status = heldByProcessor ? .heldByProcessor : .scheduled
        case .declined: payment.status = .declined
        case .pinRequired, .failed: payment.status = .failed
        }
        payment.updatedAt = now
    }

    /// A batch close submits a scheduled debit with nothing in flight; true when it did.
    public static func submitACHDebit(_ payment: inout Transaction, now: Date) -> Bool {
        guard payment.type == .achDebit, payment.status == .scheduled, payment.pendingOperationId == nil else { return false }
        payment.status = .inProgress
        payment.updatedAt = now
        return true
    }

    /// The processor's word on a submitted debit: the funds arrived, or the debit was
    /// returned; true when the payment moved.
    public static func finishACHDebit(_ payment: inout Transaction, returned: Bool, now: Date) -> Bool {
        guard payment.type == .achDebit, payment.status == .inProgress else { return false }
        payment.status = returned ? .chargedBack : .cleared
        payment.updatedAt = now
        return true
    }

    /// A cancel takes the whole debit, and only before it is submitted.
    static func achCancelAmount(_ payment: Transaction) throws(PaymentError) -> Int64 {
        guard payment.status == .scheduled || payment.status == .heldByProcessor else {
            throw .invalidTransition(operation: .void, status: payment.status, settled: payment.isSettled)
        }
        return payment.capturedAmount
    }

    /// What an ACH debit allows now: a cancel before submission, refunds once cleared.
    static func achOperations(for payment: Transaction) -> [AvailableOperation] {
        guard payment.type == .achDebit else { return [] }
        switch payment.status {
        case .scheduled, .heldByProcessor:
            return [AvailableOperation(type: .void, availableAmount: payment.capturedAmount)]
        case .cleared where payment.refundableAmount > 0:
            return [AvailableOperation(type: .refund, availableAmount: payment.refundableAmount)]
        default:
            return []
        }
    }
}
