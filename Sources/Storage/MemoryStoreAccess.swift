import Foundation
import PaymentCore

/// The reads of a ``MemoryStore``, written once for both the reader and the writer.
protocol MemoryStoreQuerying: StoreReader {
    func withState<T>(_ body: (MemoryStoreState) throws -> T) throws -> T
}

extension MemoryStoreQuerying {
    func merchant(id: String) async throws -> Merchant? { try withState { $0.merchants[id] } }
    func merchants() async throws -> [Merchant] { try withState { $0.merchantList() } }
    func apiClient(id: String) async throws -> APIClient? { try withState { $0.apiClients[id] } }
    func apiClients(merchantId: String) async throws -> [APIClient] {
        try withState { $0.apiClients(merchantId: merchantId) }
    }
    func apiClient(jwtIssuer: String) async throws -> APIClient? {
        try withState { $0.apiClients.values.first { $0.integratorJWT?.issuer == jwtIssuer } }
    }
    func refreshToken(hash: String) async throws -> RefreshToken? { try withState { $0.refreshTokens[hash] } }

    func transaction(id: String, merchantId: String) async throws -> Transaction? {
        try withState { $0.transaction(id: id, merchantId: merchantId) }
    }
    func transactions(_ query: TransactionQuery) async throws -> TransactionPage {
        try withState { $0.transactions(query) }
    }
    func followUps(of parentId: String, merchantId: String) async throws -> [Transaction] {
        try withState { $0.followUps(of: parentId, merchantId: merchantId) }
    }
    func pendingTransactions(updatedBefore cutoff: Date) async throws -> [Transaction] {
        try withState { $0.pendingTransactions(updatedBefore: cutoff) }
    }
    func authorizations(createdBefore cutoff: Date) async throws -> [Transaction] {
        try withState { $0.authorizations(createdBefore: cutoff) }
    }

    func achDebitsInClearing(submittedBefore cutoff: Date, limit: Int) async throws -> [Transaction] {
        try withState { $0.achDebitsInClearing(submittedBefore: cutoff, limit: limit) }
    }

    func paymentsAwaitingPIN(expiredBy date: Date) async throws -> [Transaction] {
        try withState { $0.paymentsAwaitingPIN(expiredBy: date) }
    }

    func idempotencyRecord(merchantId: String, key: String) async throws -> IdempotencyRecord? {
        try withState { $0.idempotencyRecord(merchantId: merchantId, key: key) }
    }
    func staleIdempotencyRecords(createdBefore cutoff: Date) async throws -> [IdempotencyRecord] {
        try withState { $0.staleIdempotencyRecords(createdBefore: cutoff) }
    }

    func batch(id: String, merchantId: String) async throws -> Batch? {
        try withState { $0.batch(id: id, merchantId: merchantId) }
    }
    func batches(merchantId: String) async throws -> [Batch] { try withState { $0.batches(merchantId: merchantId) } }
    func batches(merchantId: String, limit: Int, offset: Int) async throws -> (batches: [Batch], total: Int) {
        let all = try withState { $0.batches(merchantId: merchantId) }
        return (Array(all.dropFirst(max(0, offset)).prefix(max(0, limit))), all.count)
    }
    func openBatch(merchantId: String) async throws -> Batch? { try withState { $0.openBatch(merchantId: merchantId) } }
    func batchTotals(batchId: String, merchantId: String) async throws -> BatchTotals {
        try withState { $0.batchTotals(batchId: batchId, merchantId: merchantId) }
    }
    func batchesAwaitingReconciliation(limit: Int) async throws -> [Batch] {
        try withState { $0.batchesAwaitingReconciliation(limit: limit) }
    }

    func device(merchantId: String, deviceId: String) async throws -> Device? {
        try withState { $0.devices[MemoryStoreState.DeviceKey(merchantId: merchantId, deviceId: deviceId)] }
    }
    func devices(merchantId: String) async throws -> [Device] { try withState { $0.devices(merchantId: merchantId) } }
}

/// Reads one committed snapshot.
struct MemoryStoreReader: MemoryStoreQuerying {
    let state: MemoryStoreState

    func withState<T>(_ body: (MemoryStoreState) throws -> T) throws -> T {
        try body(state)
    }
}

/// Changes a private copy of the state; ``MemoryStore`` commits the copy when the write
/// body returns.
final class MemoryStoreWriter: MemoryStoreQuerying, StoreWriter {
    func openBatchId(merchantId: String) async throws -> String? { try await openBatch(merchantId: merchantId)?.id }
    private let working: LockedBox<(state: MemoryStoreState, isOpen: Bool)>
    let committed = AfterCommit()

    func afterCommit(_ action: @escaping @Sendable () -> Void) { committed.add(action) }

    init(state: MemoryStoreState) {
        working = LockedBox((state, true))
    }

    /// Ends the write and hands back what it changed; a writer kept beyond its write fails.
    func finish() -> MemoryStoreState {
        working.withLock {
            $0.isOpen = false
            return $0.state
        }
    }

    func withState<T>(_ body: (MemoryStoreState) throws -> T) throws -> T {
        try change { try body($0) }
    }

    func change<T>(_ body: (inout MemoryStoreState) throws -> T) throws -> T {
        try working.withLock {
            guard $0.isOpen else { throw StoreError.unavailable("the write this writer belonged to has ended") }
            return try body(&$0.state)
        }
    }

    func lockTransaction(id: String, merchantId: String) async throws -> Transaction? {
        try withState { $0.transaction(id: id, merchantId: merchantId) }
    }

    func insert(_ merchant: Merchant) async throws { try change { try $0.insert(merchant) } }
    func update(_ merchant: Merchant) async throws { try change { try $0.update(merchant) } }
    func insert(_ client: APIClient) async throws { try change { try $0.insert(client) } }
    func update(_ client: APIClient) async throws { try change { try $0.update(client) } }
    func insert(_ token: RefreshToken) async throws { try change { try $0.insert(token) } }
    func update(_ token: RefreshToken) async throws { try change { try $0.update(token) } }
    func revokeRefreshTokens(familyId: String) async throws { try change { $0.revokeRefreshTokens(familyId: familyId) } }
    func insert(_ transaction: Transaction) async throws { try change { try $0.insert(transaction) } }
    func update(_ transaction: Transaction) async throws { try change { try $0.update(transaction) } }
    func insert(_ record: IdempotencyRecord) async throws { try change { try $0.insert(record) } }
    func update(_ record: IdempotencyRecord) async throws { try change { try $0.update(record) } }
    func deleteIdempotencyRecord(merchantId: String, key: String) async throws {
        try change { $0.deleteIdempotencyRecord(merchantId: merchantId, key: key) }
    }
    func recordCardRead(id: String, merchantId: String, at date: Date) async throws {
        try change { try $0.recordCardRead(id: id, merchantId: merchantId, at: date) }
    }
    func forgetCardReads(seenBefore cutoff: Date) async throws { try change { $0.forgetCardReads(seenBefore: cutoff) } }
    func insert(_ batch: Batch) async throws { try change { try $0.insert(batch) } }
    func update(_ batch: Batch) async throws { try change { try $0.update(batch) } }
    func markSettled(batchId: String, merchantId: String, at date: Date) async throws -> Int {
        try change { $0.markSettled(batchId: batchId, merchantId: merchantId, at: date) }
    }
    func insert(_ device: Device) async throws { try change { try $0.insert(device) } }
    func update(_ device: Device) async throws { try change { try $0.update(device) } }
}
