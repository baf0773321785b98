import Foundation
import PaymentCore

/// Queries every store answers. Every transaction query is scoped by merchant.
public protocol StoreReader: Sendable {
    func merchant(id: String) async throws -> Merchant?
    /// All merchants, oldest first.
    func merchants() async throws -> [Merchant]

    func apiClient(id: String) async throws -> APIClient?
    func apiClients(merchantId: String) async throws -> [APIClient]

    func refreshToken(hash: String) async throws -> RefreshToken?

    func transaction(id: String, merchantId: String) async throws -> Transaction?
    /// One page of a merchant's transactions, filtered and ordered as the query says,
    /// with the total count of matches.
    func transactions(_ query: TransactionQuery) async throws -> TransactionPage
    /// Follow-ups of an original, oldest first.
    func followUps(of parentId: String, merchantId: String) async throws -> [Transaction]
    /// Rows of every merchant still `pending` and last changed before `cutoff` (for recovery).
    func pendingTransactions(updatedBefore cutoff: Date) async throws -> [Transaction]
    /// `authorized` originals of every merchant created before `cutoff` (for expiry).
    func authorizations(createdBefore cutoff: Date) async throws -> [Transaction]
    /// `pinRequired` payments of every merchant whose PIN window closed at or before `date`.
    func paymentsAwaitingPIN(expiredBy date: Date) async throws -> [Transaction]

    func idempotencyRecord(merchantId: String, key: String) async throws -> IdempotencyRecord?
    /// `inProgress` records of every merchant created before `cutoff` (left by a crash).
    func staleIdempotencyRecords(createdBefore cutoff: Date) async throws -> [IdempotencyRecord]

    func batch(id: String, merchantId: String) async throws -> Batch?
    /// The merchant's batches, newest first.
    func batches(merchantId: String) async throws -> [Batch]
    func openBatch(merchantId: String) async throws -> Batch?

    /// One device of one merchant; another merchant's device is nil.
    func device(merchantId: String, deviceId: String) async throws -> Device?
    /// The merchant's devices, oldest first.
    func devices(merchantId: String) async throws -> [Device]
}
