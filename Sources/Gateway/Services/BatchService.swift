import Foundation
import PaymentCore
import Storage

/// Settlement: closing the merchant's open batch settles every payment in it.
struct BatchService: Sendable {
    let store: any Store
    let now: @Sendable () -> Date
    let makeId: @Sendable () -> String
    /// Writes `transaction.settled` for what the close settles, in the close's write.
    let outbox: WebhookOutbox

    /// Closes the open batch and returns it with its totals; nil when there is nothing to close.
    func close(merchantId: String) async throws -> Batch? {
        let now = now()
        let outbox = outbox
        return try await store.write { writer -> Batch? in
            guard var batch = try await writer.openBatch(merchantId: merchantId) else { return nil }
            try await Self.summarize(&batch, in: writer)
            batch.closedAt = now
            try await writer.update(batch)
            try await outbox.recordSettlement(batchId: batch.id, merchantId: merchantId, at: now, in: writer)
            _ = try await writer.markSettled(batchId: batch.id, merchantId: merchantId, at: now)
            return batch
        }
    }

    /// The merchant's batches, newest first; the open one with its running totals.
    func list(merchantId: String) async throws -> [Batch] {
        try await store.read { reader in
            var batches = try await reader.batches(merchantId: merchantId)
            for index in batches.indices where batches[index].isOpen {
                try await Self.summarize(&batches[index], in: reader)
            }
            return batches
        }
    }

    /// Sets the batch's count and net totals per currency from its members.
    private static func summarize(_ batch: inout Batch, in reader: any StoreReader) async throws {
        var totals: [String: Int64] = [:]
        var count = 0
        for transaction in try await members(of: batch, in: reader) {
            guard let signed = settledAmount(transaction) else { continue }
            totals[transaction.currency.code, default: 0] += signed
            count += 1
        }
        batch.totals = totals
        batch.transactionCount = count
    }

    /// What a batch member adds to the batch total: captured payments add what they
    /// captured, approved refunds subtract; voided payments and captures (counted on their
    /// payment) add nothing.
    private static func settledAmount(_ transaction: Transaction) -> Int64? {
        switch (transaction.type, transaction.status) {
        case (.sale, .captured), (.sale, .refunded), (.authorization, .captured), (.authorization, .refunded):
            return transaction.capturedAmount
        case (.refund, .approved):
            return -transaction.amount
        default:
            return nil
        }
    }

    private static func members(of batch: Batch, in reader: any StoreReader) async throws -> [Transaction] {
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
