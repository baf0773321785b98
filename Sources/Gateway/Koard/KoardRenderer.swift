import GatewayAPI
import PaymentCore

/// Turns a payment (and the follow-up a request performed) into Koard's `TransactionResponse`.
enum KoardRenderer {
    static func render(_ payment: Transaction, operation: Transaction? = nil) -> KoardTransactionResponse {
        var transaction = KoardTransaction(
            transactionId: payment.id, status: KoardStatus(payment), amount: payment.amount, currency: payment.currency.code,
            authorizedAmount: payment.authorizedAmount, capturedAmount: payment.capturedAmount, refundedAmount: payment.refundedAmount,
            tipAmount: payment.tipAmount, createdAt: payment.createdAt, updatedAt: payment.updatedAt)
        transaction.referenceId = payment.referenceId
        transaction.breakdown = payment.breakdown.map { KoardBreakdown($0) }
        transaction.card = payment.card.map { KoardCard(maskedPan: $0.maskedPan, brand: $0.brand) }
        transaction.responseCode = payment.processorResult?.responseCode
        transaction.responseMessage = payment.processorResult?.message
        transaction.operation = operation.map { operation in
            var rendered = KoardOperation(
                operationId: operation.id, type: name(of: operation.type), status: KoardStatus(operation, payment: payment),
                amount: operation.amount)
            rendered.responseCode = operation.processorResult?.responseCode
            rendered.responseMessage = operation.processorResult?.message
            return rendered
        }
        return KoardTransactionResponse(transaction: transaction)
    }

    /// The Koard name of an operation: the last component of its route.
    static func name(of type: TransactionType) -> String {
        switch type {
        case .sale: return "payment"
        case .authorization: return "preauth"
        case .capture: return "capture"
        case .incrementalAuthorization: return "auth"
        case .tipAdjustment: return "adjust"
        case .void, .reversal: return "reverse"
        case .refund: return "refund"
        // Not a Koard operation; shown only if a Koard client reads a /v1 card verification.
        case .cardAuthentication: return "verify"
        // Nor is an ACH debit; shown only if a Koard client reads one.
        case .achDebit: return "ach"
        // Nor is a lost dispute's debit, which only the gateway makes.
        case .chargeback: return "chargeback"
        }
    }
}
