import GatewayAPI
import Storage

extension BatchResource {
    /// A batch as the API and its webhook events show it.
    init(_ batch: Batch) {
        self.init(
            id: batch.id, status: batch.isOpen ? "open" : "closed", openedAt: batch.openedAt, closedAt: batch.closedAt,
            closedBy: batch.closeReason?.rawValue, scheduledFor: batch.scheduledFor,
            transactionCount: batch.transactionCount, totals: batch.totals,
            byCardBrand: batch.byCardBrand.map(BatchSubtotalResource.init), byType: batch.byType.map(BatchSubtotalResource.init),
            reconciliation: batch.reconciliation.map(BatchReconciliationResource.init))
    }
}

extension BatchSubtotalResource {
    init(_ line: BatchSubtotal) {
        self.init(name: line.name, currency: line.currency, count: line.count, amount: line.amount)
    }
}

extension BatchReconciliationResource {
    init(_ reconciliation: BatchReconciliation) {
        self.init(
            status: reconciliation.state.rawValue, attempts: reconciliation.attempts, lastError: reconciliation.lastError,
            reconciledAt: reconciliation.reconciledAt,
            lines: reconciliation.lines.map { line in
                var rendered = Line(acquirerMerchantId: line.cardAcceptorId, acquirerTerminalId: line.terminalId, currency: line.currency,
                     captureCount: line.captureCount, captureTotal: line.captureTotal,
                     refundCount: line.refundCount, refundTotal: line.refundTotal, responseCode: line.responseCode,
                     acquirerCaptureCount: line.hostCaptureCount, acquirerCaptureTotal: line.hostCaptureTotal,
                     acquirerRefundCount: line.hostRefundCount, acquirerRefundTotal: line.hostRefundTotal)
                rendered.paymentProcessorId = line.processorId
                return rendered
            })
    }
}
