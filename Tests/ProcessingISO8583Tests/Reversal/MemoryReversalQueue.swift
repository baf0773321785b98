import Foundation
@testable import ProcessingISO8583

/// The reversal queue in memory, as the gateway's database keeps it. `changes` tells what
/// was done to it ("enqueue t", "attempt t", "acknowledge t"), for a test to wait on what
/// the processor's reversal sent in the background came to.
actor MemoryReversalQueue: ISO8583ReversalQueue {
    private(set) var pending: [String: ISO8583PendingReversal] = [:]
    nonisolated let changes = EventLog<String>()

    func enqueue(_ reversal: ISO8583PendingReversal) async throws {
        if pending[reversal.transactionId] == nil { pending[reversal.transactionId] = reversal }
        changes.append("enqueue \(reversal.transactionId)")
    }

    func due(at date: Date, limit: Int) async throws -> [ISO8583PendingReversal] {
        Array(pending.values.filter { $0.nextAttemptAt <= date }.sorted { $0.nextAttemptAt < $1.nextAttemptAt }.prefix(limit))
    }

    func recordAttempt(transactionId: String, nextAttemptAt: Date) async throws {
        pending[transactionId]?.attempts += 1
        pending[transactionId]?.nextAttemptAt = nextAttemptAt
        changes.append("attempt \(transactionId)")
    }

    func acknowledge(transactionId: String) async throws {
        pending[transactionId] = nil
        changes.append("acknowledge \(transactionId)")
    }

    func claim(transactionId: String, dueAt date: Date, until: Date) async throws -> Bool {
        guard let reversal = pending[transactionId], reversal.nextAttemptAt <= date else { return false }
        pending[transactionId]?.nextAttemptAt = until
        return true
    }

    func release(transactionId: String, dueAt date: Date) async throws {
        pending[transactionId]?.nextAttemptAt = date
    }
}
