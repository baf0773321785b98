import Foundation
import PaymentCore

/// Everything a ``MemoryStore`` holds. A value type, so a write can work on a copy and
/// commit it by assignment, which is how a throwing write leaves nothing behind.
struct MemoryStoreState: Sendable {
    struct IdempotencyKey: Hashable, Sendable {
        var merchantId: String
        var key: String
    }

    struct DeviceKey: Hashable, Sendable {
        var merchantId: String
        var deviceId: String
    }

    var merchants: [String: Merchant] = [:]
    var apiClients: [String: APIClient] = [:]
    var refreshTokens: [String: RefreshToken] = [:]
    var transactions: [String: Transaction] = [:]
    var idempotencyRecords: [IdempotencyKey: IdempotencyRecord] = [:]
    var batches: [String: Batch] = [:]
    /// Each batch's totals by batch id, kept as its members are written (as the SQL stores'
    /// triggers keep `batch_totals`).
    var batchTotals: [String: BatchTotals] = [:]
    /// Card read ids seen, with when.
    var cardReads: [String: Date] = [:]
    var devices: [DeviceKey: Device] = [:]
    var webhooks = MemoryWebhookState()
    var keySets: [String: SealedKeySet] = [:]
    var keyFingerprints: [String: KeyFingerprints] = [:]
    /// The next trace number of each terminal id.
    var nextTraceNumbers: [String: Int64] = [:]
    /// Reversals owed to the acquirer, by operation id.
    var pendingReversals: [String: PendingReversal] = [:]
    var instances: [String: GatewayInstance] = [:]
    var dashboard = MemoryDashboardState()
    var disputes: [String: Dispute] = [:]
    var disputeFiles: [DisputeEvidenceFile] = []
}

// Orders follow SQLite's so every store answers lists in the same order: text compares
// as UTF-8 bytes (BINARY collation), nil sorts before any value, ties fall to the id.
extension MemoryStoreState {
    static func precedes(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    static func precedes(_ a: String?, _ b: String?) -> Bool {
        switch (a, b) {
        case let (a?, b?): return precedes(a, b)
        case (nil, _?): return true
        default: return false
        }
    }

    static func oldestFirst(_ a: (Date, String), _ b: (Date, String)) -> Bool {
        a.0 != b.0 ? a.0 < b.0 : precedes(a.1, b.1)
    }
}

// The queries of `StoreReader`, answered from one consistent state.
extension MemoryStoreState {
    func merchantList() -> [Merchant] {
        merchants.values.sorted { Self.oldestFirst(($0.createdAt, $0.id), ($1.createdAt, $1.id)) }
    }

    func apiClients(merchantId: String) -> [APIClient] {
        apiClients.values.filter { $0.merchantId == merchantId }
            .sorted { Self.oldestFirst(($0.createdAt, $0.id), ($1.createdAt, $1.id)) }
    }

    func transaction(id: String, merchantId: String) -> Transaction? {
        guard let found = transactions[id], found.merchantId == merchantId else { return nil }
        return found
    }

    func followUps(of parentId: String, merchantId: String) -> [Transaction] {
        transactions.values.filter { $0.parentId == parentId && $0.merchantId == merchantId }
            .sorted { Self.oldestFirst(($0.createdAt, $0.id), ($1.createdAt, $1.id)) }
    }

    func pendingTransactions(updatedBefore cutoff: Date) -> [Transaction] {
        transactions.values.filter { $0.status == .pending && $0.updatedAt < cutoff }
            .sorted { Self.oldestFirst(($0.updatedAt, $0.id), ($1.updatedAt, $1.id)) }
    }

    func authorizations(createdBefore cutoff: Date) -> [Transaction] {
        transactions.values.filter { $0.status == .authorized && $0.parentId == nil && $0.createdAt < cutoff }
            .sorted { Self.oldestFirst(($0.createdAt, $0.id), ($1.createdAt, $1.id)) }
    }

    func achDebitsInClearing(submittedBefore cutoff: Date, limit: Int) -> [Transaction] {
        let due = transactions.values.filter { row in
            guard row.type == .achDebit, row.status == .inProgress, let settledAt = row.settledAt else { return false }
            return settledAt < cutoff
        }
        return Array(due.sorted { Self.oldestFirst(($0.settledAt ?? $0.createdAt, $0.id), ($1.settledAt ?? $1.createdAt, $1.id)) }.prefix(limit))
    }

    func paymentsAwaitingPIN(expiredBy date: Date) -> [Transaction] {
        transactions.values.filter { row in
            guard row.status == .pinRequired, let challenge = row.pinChallenge else { return false }
            return challenge.expiresAt <= date
        }
        .sorted { Self.oldestFirst(($0.pinChallenge?.expiresAt ?? .distantPast, $0.id), ($1.pinChallenge?.expiresAt ?? .distantPast, $1.id)) }
    }

    func idempotencyRecord(merchantId: String, key: String) -> IdempotencyRecord? {
        idempotencyRecords[IdempotencyKey(merchantId: merchantId, key: key)]
    }

    func staleIdempotencyRecords(createdBefore cutoff: Date) -> [IdempotencyRecord] {
        idempotencyRecords.values.filter { $0.state == .inProgress && $0.createdAt < cutoff }
            .sorted {
                if $0.createdAt != $1.createdAt { return $0.createdAt < $1.createdAt }
                if $0.merchantId != $1.merchantId { return Self.precedes($0.merchantId, $1.merchantId) }
                return Self.precedes($0.key, $1.key)
            }
    }

    func batch(id: String, merchantId: String) -> Batch? {
        guard let found = batches[id], found.merchantId == merchantId else { return nil }
        return found
    }

    /// Newest first.
    func batches(merchantId: String) -> [Batch] {
        batches.values.filter { $0.merchantId == merchantId }
            .sorted { Self.oldestFirst(($1.openedAt, $1.id), ($0.openedAt, $0.id)) }
    }

    func batchTotals(batchId: String, merchantId: String) -> BatchTotals {
        guard batches[batchId]?.merchantId == merchantId else { return BatchTotals() }
        return batchTotals[batchId] ?? BatchTotals()
    }

    func openBatch(merchantId: String) -> Batch? {
        batches(merchantId: merchantId).first { $0.isOpen }
    }

    /// Oldest close first.
    func batchesAwaitingReconciliation(limit: Int) -> [Batch] {
        let waiting = batches.values.filter { $0.reconciliation?.state == .pending }
            .sorted { Self.oldestFirst(($0.closedAt ?? $0.openedAt, $0.id), ($1.closedAt ?? $1.openedAt, $1.id)) }
        return Array(waiting.prefix(max(limit, 0)))
    }

    func devices(merchantId: String) -> [Device] {
        devices.values.filter { $0.merchantId == merchantId }
            .sorted { Self.oldestFirst(($0.createdAt, $0.deviceId), ($1.createdAt, $1.deviceId)) }
    }
}
