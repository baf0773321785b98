import Foundation
import Logging
import PaymentCore
import Processing
import Storage

/// Reconciles a closed batch with the acquirer: sends our totals for each terminal and
/// currency (an ISO 8583 0500) and keeps the answer on the batch, with a `batch.reconciled`
/// webhook event once every line is answered.
///
/// In three phases, like a payment: name each line's message (a write), send with no lock
/// held, record the answers (a write that locks the batch). A batch whose totals got no
/// answer stays `pending`, and the settlement job sends the same messages again later.
struct BatchReconciler: Sendable {
    let store: any Store
    /// Each line goes to the link its payments went to.
    let processors: ProcessorRouter
    let outbox: WebhookOutbox
    let now: @Sendable () -> Date
    let logger: Logger
    /// Counts each attempt's result (`tapline_acquirer_reconciliations_total`).
    var metrics: GatewayMetrics?

    /// The first wait after a try with no answer; it doubles each try, up to ``longestWait``.
    static let firstWait: TimeInterval = 30
    static let longestWait: TimeInterval = 3_600

    /// What a closing batch owes the acquirer: nil with no acquirer (the simulator), for a
    /// merchant without acquirer ids, or when nothing in the batch moved money.
    func plan(members: [Transaction], merchant: Merchant?) throws -> BatchReconciliation? {
        guard processors.primary.requiresAcquirerIdentity, let acquirer = AcquirerIdentity.of(merchant) else { return nil }
        let lines = try ReconciliationLines.of(members, acquirer: acquirer)
        return lines.isEmpty ? nil : BatchReconciliation(lines: lines)
    }

    /// Sends the unanswered lines of a pending batch and records what came back; returns the
    /// batch as it then stands. The acquirer's silence is recorded, not thrown.
    func reconcile(_ batch: Batch) async throws -> Batch {
        guard let planned = batch.reconciliation, planned.state == .pending else { return batch }
        var answers: [Int: ReconciliationResult] = [:]
        var failure: String?
        do {
            let reconciliation = try await traced(planned, batch: batch)
            for (index, line) in reconciliation.lines.enumerated() where !line.isAnswered {
                guard let request = ReconciliationLines.request(line, merchantId: batch.merchantId) else {
                    failure = "currency \(line.currency) is not one the gateway knows"
                    continue
                }
                if let result = try await processors.gateway(for: line.processorId).reconcile(request) { answers[index] = result }
            }
        } catch {
            failure = "\(error)"
        }
        return try await record(answers, failure: failure, on: batch)
    }

    /// Sends again what is due of every batch still waiting for the acquirer, oldest close
    /// first; stops at the first silence, since the others would wait for the same host.
    @discardableResult
    func resendDue(limit: Int = 20) async throws -> [Batch] {
        guard await processors.anyReachable else { return [] }
        let now = now()
        let waiting = try await store.read { try await $0.batchesAwaitingReconciliation(limit: limit) }
        var finished: [Batch] = []
        for batch in waiting where (batch.reconciliation?.nextAttemptAt ?? now) <= now {
            let after = try await reconcile(batch)
            guard after.reconciliation?.state != .pending else { break }
            finished.append(after)
        }
        return finished
    }

    /// Every line with its trace, each taken once: a line some earlier try (or another
    /// instance) named keeps that name, so a resend is a repeat the acquirer answers once.
    private func traced(_ reconciliation: BatchReconciliation, batch: Batch) async throws -> BatchReconciliation {
        guard reconciliation.lines.contains(where: { $0.trace == nil }) else { return reconciliation }
        var traces: [Int: String] = [:]
        for (index, line) in reconciliation.lines.enumerated() where line.trace == nil {
            let acquirer = ReconciliationLines.request(line, merchantId: batch.merchantId)?.acquirer
            traces[index] = try await processors.gateway(for: line.processorId).prepareTrace(acquirer: acquirer)
        }
        let named = traces
        return try await store.write { writer -> BatchReconciliation in
            guard var current = try await writer.lockBatch(id: batch.id, merchantId: batch.merchantId),
                  var stored = current.reconciliation else { return reconciliation }
            for (index, trace) in named where index < stored.lines.count && stored.lines[index].trace == nil {
                stored.lines[index].trace = trace
            }
            current.reconciliation = stored
            try await writer.update(current)
            return stored
        }
    }

    private func record(_ answers: [Int: ReconciliationResult], failure: String?, on batch: Batch) async throws -> Batch {
        let now = now()
        let outbox = outbox
        let recorded = try await store.write { writer -> Batch? in
            guard var current = try await writer.lockBatch(id: batch.id, merchantId: batch.merchantId),
                  var reconciliation = current.reconciliation, reconciliation.state == .pending else { return nil }
            for (index, result) in answers where index < reconciliation.lines.count && !reconciliation.lines[index].isAnswered {
                ReconciliationLines.record(result, on: &reconciliation.lines[index])
            }
            reconciliation.attempts += 1
            reconciliation.state = BatchReconciliation.state(of: reconciliation.lines)
            if reconciliation.state == .pending {
                reconciliation.lastError = failure ?? "the acquirer did not answer"
                let wait = min(Self.firstWait * pow(2, Double(min(reconciliation.attempts - 1, 20))), Self.longestWait)
                reconciliation.nextAttemptAt = now.addingTimeInterval(wait)
            } else {
                reconciliation.lastError = nil
                reconciliation.nextAttemptAt = nil
                reconciliation.reconciledAt = now
            }
            current.reconciliation = reconciliation
            try await writer.update(current)
            if reconciliation.state != .pending { try await outbox.recordReconciliation(of: current, at: now, in: writer) }
            return current
        }
        guard let recorded else {
            // Another instance recorded the answer first; show the batch as it stands.
            return try await store.read { try await $0.batch(id: batch.id, merchantId: batch.merchantId) } ?? batch
        }
        log(recorded)
        if let state = recorded.reconciliation?.state {
            metrics?.reconciliation(result: state == .pending ? "unanswered" : state.rawValue)
        }
        return recorded
    }

    private func log(_ batch: Batch) {
        guard let reconciliation = batch.reconciliation else { return }
        let metadata: Logger.Metadata = [
            "merchant_id": "\(batch.merchantId)", "batch_id": "\(batch.id)", "attempts": "\(reconciliation.attempts)",
        ]
        switch reconciliation.state {
        case .agreed: logger.info("the acquirer's totals agree with the batch", metadata: metadata)
        case .mismatch: logger.warning("the acquirer's totals differ from the batch", metadata: metadata)
        case .pending:
            logger.warning("the acquirer did not answer the batch's totals; sending again later",
                           metadata: metadata.merging(["reason": "\(reconciliation.lastError ?? "")"]) { $1 })
        }
    }
}
