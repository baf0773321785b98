import Foundation
import PaymentCore

/// Changes, available only inside ``Store/write(_:)``.
public protocol StoreWriter: StoreReader {
    /// Reads a transaction and locks it until the write ends (PostgreSQL `FOR UPDATE`;
    /// SQLite holds the single writer lock already).
    func lockTransaction(id: String, merchantId: String) async throws -> Transaction?

    func insert(_ merchant: Merchant) async throws
    func update(_ merchant: Merchant) async throws

    func insert(_ client: APIClient) async throws
    func update(_ client: APIClient) async throws

    func insert(_ token: RefreshToken) async throws
    func update(_ token: RefreshToken) async throws
    /// Revokes every refresh token of a family (a rotated token was reused).
    func revokeRefreshTokens(familyId: String) async throws

    /// Throws ``StoreError/duplicate`` when the id exists.
    func insert(_ transaction: Transaction) async throws
    /// Throws ``StoreError/notFound`` when the id does not exist.
    func update(_ transaction: Transaction) async throws

    /// Throws ``StoreError/duplicate`` when the merchant already has a record for the key.
    func insert(_ record: IdempotencyRecord) async throws
    func update(_ record: IdempotencyRecord) async throws
    func deleteIdempotencyRecord(merchantId: String, key: String) async throws
    /// Points the key at the transaction its request created; nothing happens for an unknown key.
    func linkIdempotencyRecord(merchantId: String, key: String, transactionId: String) async throws
    /// Keeps the key's answer for replays, `completed`; nothing happens for an unknown key.
    func completeIdempotencyRecord(merchantId: String, key: String, responseStatus: Int, responseBody: Data) async throws

    /// Remembers a card read (the reader's read id) so the same sealed card data is never
    /// accepted twice. Throws ``StoreError/duplicate`` when the id was seen before, by any merchant.
    func recordCardRead(id: String, merchantId: String, at date: Date) async throws
    /// Forgets reads seen before `cutoff`: older payloads are refused as stale anyway.
    func forgetCardReads(seenBefore cutoff: Date) async throws

    func insert(_ batch: Batch) async throws
    func update(_ batch: Batch) async throws
    /// Sets `settledAt` on every transaction of the batch; returns how many changed.
    func markSettled(batchId: String, merchantId: String, at date: Date) async throws -> Int

    /// Throws ``StoreError/duplicate`` when the id, or the merchant's `reference`, is taken.
    func insert(_ dispute: Dispute) async throws
    func update(_ dispute: Dispute) async throws
    /// Reads a dispute and locks it until the write ends, so two answers to it queue.
    func lockDispute(id: String, merchantId: String) async throws -> Dispute?
    func insert(_ file: DisputeEvidenceFile) async throws

    /// Throws ``StoreError/duplicate`` when the merchant already has a device with that id.
    func insert(_ device: Device) async throws
    /// Throws ``StoreError/notFound`` when the merchant has no device with that id.
    func update(_ device: Device) async throws

    // Webhooks. Inserts throw ``StoreError/duplicate`` for a known id; updates
    // ``StoreError/notFound`` when the merchant has no such record.
    func insert(_ endpoint: WebhookEndpoint) async throws
    func update(_ endpoint: WebhookEndpoint) async throws
    func insert(_ event: WebhookEvent) async throws
    func insert(_ delivery: WebhookDelivery) async throws
    func update(_ delivery: WebhookDelivery) async throws
    func insert(_ attempt: WebhookAttempt) async throws
    /// Marks the endpoint's `pending` deliveries `cancelled`; returns how many changed.
    func cancelWebhookDeliveries(endpointId: String, merchantId: String) async throws -> Int
    /// Moves the endpoint's `pending` deliveries due by `dueBy` to `until`, except those whose
    /// event was created before `giveUpCreatedBefore`, which become `failed` (their retry
    /// period is over); returns how many of each.
    func postponeWebhookDeliveries(
        endpointId: String, merchantId: String, dueBy: Date, until: Date, giveUpCreatedBefore: Date
    ) async throws -> (postponed: Int, givenUp: Int)

    /// Runs `action` after this write's transaction commits; never when it rolls back.
    func afterCommit(_ action: @escaping @Sendable () -> Void)

    /// The fleet's keys: insert throws ``StoreError/duplicate`` when a key set of that name
    /// exists (another instance made it first); update ``StoreError/notFound`` when none does.
    func insert(_ keys: SealedKeySet) async throws
    func update(_ keys: SealedKeySet) async throws
    /// Records the keys' fingerprints once: ``StoreError/duplicate`` when a record of that
    /// name exists (another instance recorded first). They are never changed after.
    func insert(_ fingerprints: KeyFingerprints) async throws

    /// The id of the merchant's open batch, for a payment joining it: on PostgreSQL the batch
    /// is share-locked until this write ends, so a close racing it waits (see `SQLDialect.shareLock`).
    func openBatchId(merchantId: String) async throws -> String?
    /// The merchant's open batch, locked until this write ends, for closing it: a close
    /// racing another (two instances' settlement jobs) waits, then finds it closed.
    func lockOpenBatch(merchantId: String) async throws -> Batch?
    /// One batch of the merchant, locked until this write ends: two instances recording the
    /// acquirer's answer for it record it once.
    func lockBatch(id: String, merchantId: String) async throws -> Batch?

    /// Reserves `count` consecutive trace numbers for `terminalId` (the acquirer terminal id,
    /// or "" for the link's network messages) and returns the first: the block is
    /// `first ..< first + count`. A terminal id's numbers start at
    /// ``TraceNumberBlock/firstNumber`` and only grow, so no number is handed out twice for it,
    /// by any instance, across restarts; terminal ids count apart, byte for byte. The caller
    /// turns a number into a 6-digit STAN. `count` must be 1 to ``TraceNumberBlock/maxCount``.
    ///
    /// The numbers are handed out when the write commits: a write that rolls back gives them
    /// back. So reserve in a write of its own (``Store/reserveTraceNumbers(terminalId:count:)``)
    /// and use them after it returns; on PostgreSQL the terminal's counter also stays locked
    /// until the write ends, holding up every other instance's reservation for it.
    func reserveTraceNumbers(terminalId: String, count: Int) async throws -> Int64

    /// Queues a reversal owed to the acquirer. Idempotent on the id: when a reversal for that
    /// operation is queued already, nothing changes and the answer is false (a retried write,
    /// or a second instance giving up on the same request). Throws ``StoreError/notFound``
    /// for an unknown merchant.
    @discardableResult
    func enqueue(_ reversal: PendingReversal) async throws -> Bool
    /// Counts one more try of the reversal and makes it due again at `nextAttemptAt`.
    /// Throws ``StoreError/notFound`` when none is queued for `id`.
    func recordReversalAttempt(id: String, nextAttemptAt: Date) async throws
    /// Forgets the reversal once the acquirer acknowledged it; false when none was queued
    /// (an acknowledgement seen twice).
    @discardableResult
    func deletePendingReversal(id: String) async throws -> Bool
    /// Takes the reversal `id` for one send, until `until`, when it is still due at `date`:
    /// its next attempt moves to `until`, so another instance's round no longer finds it due.
    /// False when it is not due (another instance took it first) or gone. This is the lease
    /// that lets exactly one instance send an owed 0400 or 0401; one that dies while holding
    /// it leaves the reversal due again at `until`.
    func claimPendingReversal(id: String, dueAt date: Date, until: Date) async throws -> Bool
    /// Gives a claimed reversal back, due at `date`, without counting an attempt (a send the
    /// link refused, with no connection up). Nothing happens when none is queued.
    func releasePendingReversal(id: String, dueAt date: Date) async throws

    /// Writes this instance's heartbeat (inserted on its first beat).
    func recordHeartbeat(_ instance: GatewayInstance) async throws
    /// Forgets instances not seen since `date`; returns how many.
    @discardableResult
    func deleteInstances(seenBefore date: Date) async throws -> Int

    /// Throws ``StoreError/duplicate`` for an email or id already taken.
    func insert(_ user: DashboardUser) async throws
    func update(_ user: DashboardUser) async throws
    func insert(_ session: DashboardSession) async throws
    /// Ends a session (sign-out, or found expired); nothing happens for an unknown one.
    func deleteDashboardSession(tokenHash: String) async throws
    /// Removes a user of the merchant and ends its sessions; nothing when it has none such.
    func deleteDashboardUser(id: String, merchantId: String) async throws
    /// Ends every session of a user but `tokenHash`'s (all with nil): after a password change.
    func deleteDashboardSessions(userId: String, except tokenHash: String?) async throws
    /// Forgets every session that expired before `date`.
    func deleteDashboardSessions(expiredBefore date: Date) async throws
    func insert(_ entry: DashboardAuditEntry) async throws
}

extension StoreWriter {
    public func linkIdempotencyRecord(merchantId: String, key: String, transactionId: String) async throws {
        guard var record = try await idempotencyRecord(merchantId: merchantId, key: key) else { return }
        record.transactionId = transactionId
        try await update(record)
    }

    public func completeIdempotencyRecord(merchantId: String, key: String, responseStatus: Int, responseBody: Data) async throws {
        guard var record = try await idempotencyRecord(merchantId: merchantId, key: key) else { return }
        record.state = .completed
        record.responseStatus = responseStatus
        record.responseBody = responseBody
        try await update(record)
    }
}
