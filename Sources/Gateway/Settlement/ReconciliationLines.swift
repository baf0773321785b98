import PaymentCore
import Processing
import Storage

/// Our side of a closed batch's reconciliation: per currency, the captured payments and the
/// approved refunds the close settled, counted the way the acquirer counts them
/// (docs/iso8583.md, "Network management and reconciliation").
enum ReconciliationLines {
    /// One line per acquirer link and currency with money moving, sorted by link, then
    /// currency; empty when nothing in the batch moved money (only voids, say), and then there
    /// is nothing to reconcile. Each link gets the totals of the payments it took.
    static func of(_ members: [Transaction], acquirer: AcquirerIdentity) throws -> [BatchReconciliation.Line] {
        struct Key: Hashable { var processorId: String?; var currency: String }
        var lines: [Key: BatchReconciliation.Line] = [:]
        for member in members {
            guard let movement = member.batchMovement, movement.amount != 0 else { continue }
            let (kind, amount) = (movement.kind, movement.amount)
            let key = Key(processorId: member.processorId, currency: member.currency.code)
            var line = lines[key] ?? BatchReconciliation.Line(
                cardAcceptorId: acquirer.cardAcceptorId, terminalId: acquirer.terminalId, currency: key.currency,
                captureCount: 0, captureTotal: 0, refundCount: 0, refundTotal: 0)
            line.processorId = key.processorId
            if kind == "refund" {
                line.refundCount += 1
                line.refundTotal = try BatchSummary.sum(line.refundTotal, -amount)
            } else {
                line.captureCount += 1
                line.captureTotal = try BatchSummary.sum(line.captureTotal, amount)
            }
            lines[key] = line
        }
        return lines.values.sorted { ($0.processorId ?? "", $0.currency) < ($1.processorId ?? "", $1.currency) }
    }

    /// The 0500 for a line, under the trace it was given before its first send.
    static func request(_ line: BatchReconciliation.Line, merchantId: String) -> ReconciliationRequest? {
        guard let currency = Currency(code: line.currency) else { return nil }
        return ReconciliationRequest(
            acquirer: AcquirerIdentity(merchantId: merchantId, cardAcceptorId: line.cardAcceptorId, terminalId: line.terminalId),
            currency: currency, captureCount: line.captureCount, captureTotal: line.captureTotal,
            refundCount: line.refundCount, refundTotal: line.refundTotal, trace: line.trace)
    }

    /// The answer onto its line.
    static func record(_ result: ReconciliationResult, on line: inout BatchReconciliation.Line) {
        line.responseCode = result.responseCode
        line.hostCaptureCount = result.hostCaptureCount
        line.hostCaptureTotal = result.hostCaptureTotal
        line.hostRefundCount = result.hostRefundCount
        line.hostRefundTotal = result.hostRefundTotal
    }
}
