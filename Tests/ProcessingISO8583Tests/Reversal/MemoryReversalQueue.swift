import Foundation
@testable import ProcessingISO8583

/// The reversal queue in memory, as the gateway's database keeps it.
actor MemoryReversalQueue: ISO8583ReversalQueue {
    private(set) var pending: [String: ISO8583PendingReversal] = [:]

    func enqueue(_ reversal: ISO8583PendingReversal) async throws {
        if pending[reversal.transactionId] == nil { pending[reversal.transactionId] = reversal }
    }

    func due(at date: Date, limit: Int) async throws -> [ISO8583PendingReversal] {
        Array(pending.values.filter { $0.nextAttemptAt <= date }.sorted { $0.nextAttemptAt < $1.nextAttemptAt }.prefix(limit))
    }

    func recordAttempt(transactionId: String, nextAttemptAt: Date) async throws {
        pending[transactionId]?.attempts += 1
        pending[transactionId]?.nextAttemptAt = nextAttemptAt
    }

    func acknowledge(transactionId: String) async throws {
        pending[transactionId] = nil
    }
}
