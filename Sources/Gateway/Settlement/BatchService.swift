import Foundation
import PaymentCore
import Storage

/// Settlement: closing the merchant's open batch settles every payment in it. A batch
/// closes on request (`POST /v1/batches/close`) or at the merchant's settlement time slots
/// (`SettlementJob`).
struct BatchService: Sendable {
    let store: any Store
    let now: @Sendable () -> Date
    let makeId: @Sendable () -> String
    /// Writes `transaction.settled` for what the close settles, in the close's write.
    let outbox: WebhookOutbox
    /// Sends the closed batch's totals to the acquirer, once the close has committed.
    let reconciler: BatchReconciler

    /// Closes the open batch and returns it with its totals; nil when there is nothing to close.
    func close(merchantId: String) async throws -> Batch? {
        try await close(merchantId: merchantId, reason: .request, slot: nil)
    }

    /// Closes the open batch for the settlement slot at `slot` if it was opened before the
    /// slot; nil when there is nothing to close or a close already covered the slot. The
    /// check is repeated inside the write, so a manual close or a second gateway instance
    /// racing the schedule closes the batch once.
    func closeForSchedule(merchantId: String, slot: Date) async throws -> Batch? {
        try await close(merchantId: merchantId, reason: .schedule, slot: slot)
    }

    /// The close's write, then the reconciliation with the acquirer outside it (never a lock
    /// held across the acquirer's answer). A failure after the close committed is logged,
    /// not thrown: the batch is closed, and the settlement job sends its totals again.
    private func close(merchantId: String, reason: Batch.CloseReason, slot: Date?) async throws -> Batch? {
        let now = now()
        let outbox = outbox
        let reconciler = reconciler
        let makeId = makeId
        let closed = try await store.write { writer -> Batch? in
            guard var batch = try await writer.lockOpenBatch(merchantId: merchantId) else { return nil }
            if let slot, batch.openedAt >= slot { return nil }
            // The close counts its totals from the members it settles (it reads them all for
            // the settlement webhooks, the reconciliation and ACH anyway), not from the kept lines.
            let members = try await Self.members(of: batch, in: writer)
            try BatchSummary(members: members).apply(to: &batch)
            batch.closedAt = now
            batch.closeReason = reason
            batch.scheduledFor = slot
            batch.reconciliation = try reconciler.plan(members: members, merchant: try await writer.merchant(id: merchantId))
            try await writer.update(batch)
            try await outbox.recordSettlement(of: members, batchId: batch.id, at: now, in: writer)
            _ = try await writer.markSettled(batchId: batch.id, merchantId: merchantId, at: now)
            try await ACHSubmission.submit(members, batchId: batch.id, at: now, in: writer, makeId: makeId)
            return batch
        }
        guard let closed, closed.reconciliation != nil else { return closed }
        do {
            return try await reconciler.reconcile(closed)
        } catch {
            reconciler.logger.error("could not reconcile the closed batch", metadata: [
                "merchant_id": "\(merchantId)", "batch_id": "\(closed.id)", "error": "\(error)",
            ])
            return closed
        }
    }

    /// The merchant's batches, newest first; the open one with its running totals, which the
    /// store keeps as members change (a few rows to read, however many members).
    func list(merchantId: String) async throws -> [Batch] {
        try await store.read { reader in
            var batches = try await reader.batches(merchantId: merchantId)
            for index in batches.indices where batches[index].isOpen {
                try await Self.runningTotals(of: &batches[index], in: reader)
            }
            return batches
        }
    }

    /// One page of the merchant's batches, newest first (the open one, with its running
    /// totals, on the first), and how many there are.
    func page(merchantId: String, limit: Int, offset: Int) async throws -> (batches: [Batch], total: Int) {
        try await store.read { reader in
            var (batches, total) = try await reader.batches(merchantId: merchantId, limit: limit, offset: offset)
            for index in batches.indices where batches[index].isOpen {
                try await Self.runningTotals(of: &batches[index], in: reader)
            }
            return (batches, total)
        }
    }

    /// One batch of the merchant (running totals when open); nil for another merchant's.
    func batch(id: String, merchantId: String) async throws -> Batch? {
        try await store.read { reader in
            guard var batch = try await reader.batch(id: id, merchantId: merchantId) else { return nil }
            if batch.isOpen { try await Self.runningTotals(of: &batch, in: reader) }
            return batch
        }
    }

    /// The open batch's totals as the store keeps them (``StoreReader/batchTotals(batchId:merchantId:)``).
    static func runningTotals(of batch: inout Batch, in reader: any StoreReader) async throws {
        try await reader.batchTotals(batchId: batch.id, merchantId: batch.merchantId).apply(to: &batch)
    }

    static func members(of batch: Batch, in reader: any StoreReader) async throws -> [Transaction] {
        var members: [Transaction] = []
        var query = TransactionQuery(merchantId: batch.merchantId)
        query.batchId = batch.id
        query.pageSize = 500
        query.ascending = true
        while true {
            let page = try await reader.transactions(query)
            members += page.items
            if page.items.count < query.pageSize { return members }
            query.page += 1
        }
    }
}
