import Foundation
import ProcessingISO8583
import Storage

/// The acquirer link's reversals owed, kept in the gateway's database (`pending_reversals`),
/// so they are repeated after a restart and by whichever instance runs next. Each link has
/// its own: a reversal goes only where its request went.
struct StoreReversalQueue: ISO8583ReversalQueue {
    let store: any Store
    /// The owing link's identity id.
    let processorId: String
    let now: @Sendable () -> Date

    func enqueue(_ reversal: ISO8583PendingReversal) async throws {
        let row = PendingReversal(
            id: reversal.transactionId, merchantId: reversal.merchantId,
            terminalId: reversal.message[field: 41]?.text ?? "", message: reversal.storedText,
            attempts: reversal.attempts, createdAt: now(), nextAttemptAt: reversal.nextAttemptAt, processorId: processorId)
        try await store.write { _ = try await $0.enqueue(row) }
    }

    func due(at date: Date, limit: Int) async throws -> [ISO8583PendingReversal] {
        let rows = try await store.read { try await $0.duePendingReversals(at: date, processorId: processorId, limit: limit) }
        return rows.compactMap { row in
            // A row this version cannot read is left for an operator rather than dropped.
            ISO8583PendingReversal.message(fromStoredText: row.message).map {
                ISO8583PendingReversal(transactionId: row.id, merchantId: row.merchantId, message: $0,
                                       attempts: row.attempts, nextAttemptAt: row.nextAttemptAt)
            }
        }
    }

    func recordAttempt(transactionId: String, nextAttemptAt: Date) async throws {
        try await store.write { try await $0.recordReversalAttempt(id: transactionId, nextAttemptAt: nextAttemptAt) }
    }

    func acknowledge(transactionId: String) async throws {
        try await store.write { _ = try await $0.deletePendingReversal(id: transactionId) }
    }

    func claim(transactionId: String, dueAt date: Date, until: Date) async throws -> Bool {
        try await store.write { try await $0.claimPendingReversal(id: transactionId, dueAt: date, until: until) }
    }

    func release(transactionId: String, dueAt date: Date) async throws {
        try await store.write { try await $0.releasePendingReversal(id: transactionId, dueAt: date) }
    }
}
