import Foundation
import PaymentCore

/// Queries every store answers. Every transaction query is scoped by merchant.
public protocol StoreReader: Sendable {
    func merchant(id: String) async throws -> Merchant?
    /// All merchants, oldest first.
    func merchants() async throws -> [Merchant]

    func apiClient(id: String) async throws -> APIClient?
    func apiClients(merchantId: String) async throws -> [APIClient]
    /// The client whose integrator JWTs carry this `iss` (``IntegratorJWTSettings/issuer``), revoked or not.
    func apiClient(jwtIssuer: String) async throws -> APIClient?

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
    /// `inProgress` ACH debits of every merchant submitted (settled) before `cutoff`, oldest
    /// first, at most `limit` (for clearing).
    func achDebitsInClearing(submittedBefore cutoff: Date, limit: Int) async throws -> [Transaction]
    /// `pinRequired` payments of every merchant whose PIN window closed at or before `date`.
    func paymentsAwaitingPIN(expiredBy date: Date) async throws -> [Transaction]

    func idempotencyRecord(merchantId: String, key: String) async throws -> IdempotencyRecord?
    /// `inProgress` records of every merchant created before `cutoff` (left by a crash).
    func staleIdempotencyRecords(createdBefore cutoff: Date) async throws -> [IdempotencyRecord]

    func batch(id: String, merchantId: String) async throws -> Batch?
    /// The merchant's batches, newest first.
    func batches(merchantId: String) async throws -> [Batch]
    /// One page of the merchant's batches, newest first, and how many it has in all.
    func batches(merchantId: String, limit: Int, offset: Int) async throws -> (batches: [Batch], total: Int)
    func openBatch(merchantId: String) async throws -> Batch?
    /// The totals the store keeps for a batch as its members change (a view of an open
    /// batch reads these instead of counting its members).
    func batchTotals(batchId: String, merchantId: String) async throws -> BatchTotals
    /// Closed batches of every merchant whose reconciliation with the acquirer has no answer
    /// yet, oldest close first, at most `limit`.
    func batchesAwaitingReconciliation(limit: Int) async throws -> [Batch]

    // Disputes, each scoped by merchant: another merchant's is nil.
    func dispute(id: String, merchantId: String) async throws -> Dispute?
    /// A sale or authorization by id alone, whoever's it is: only for what a processor
    /// reports by our payment id (its disputes), never for a request.
    func paymentReportedByProcessor(id: String) async throws -> Transaction?
    /// The merchant's dispute with the acquirer's case number `reference`.
    func dispute(reference: String, merchantId: String) async throws -> Dispute?
    func disputes(_ query: DisputeQuery) async throws -> DisputePage
    /// Every dispute of one payment, newest first, in one read (a payment has a few at most).
    func disputes(paymentId: String, merchantId: String) async throws -> [Dispute]
    /// A dispute's evidence files, oldest first.
    func disputeEvidenceFiles(disputeId: String, merchantId: String) async throws -> [DisputeEvidenceFile]

    /// One device of one merchant; another merchant's device is nil.
    func device(merchantId: String, deviceId: String) async throws -> Device?
    /// The merchant's devices, oldest first.
    func devices(merchantId: String) async throws -> [Device]

    // Webhooks: the outbox and its deliveries. Scoped by merchant, except the worker's query.
    /// One endpoint of one merchant, deleted or not; another merchant's is nil.
    func webhookEndpoint(id: String, merchantId: String) async throws -> WebhookEndpoint?
    /// The merchant's endpoints that are not deleted, oldest first.
    func webhookEndpoints(merchantId: String) async throws -> [WebhookEndpoint]
    func webhookEvent(id: String, merchantId: String) async throws -> WebhookEvent?
    /// One page of a merchant's events, newest first, with the total count of matches.
    func webhookEvents(_ query: WebhookEventQuery) async throws -> WebhookEventPage
    /// An event's deliveries, ordered by id.
    func webhookDeliveries(eventId: String, merchantId: String) async throws -> [WebhookDelivery]
    /// A delivery's attempts, oldest first.
    func webhookAttempts(deliveryId: String, merchantId: String) async throws -> [WebhookAttempt]
    /// `pending` deliveries of every merchant due at `date` (`nextAttemptAt <= date`), soonest first.
    func dueWebhookDeliveries(at date: Date, limit: Int) async throws -> [WebhookDelivery]
    /// Every merchant's `pending` deliveries, due or waiting for a retry, and the oldest one's
    /// event time (the metrics' outbox backlog).
    func webhookBacklog() async throws -> WebhookBacklog

    /// The fleet's sealed keys of that name, if any instance has created them.
    func sealedKeySet(name: String) async throws -> SealedKeySet?
    /// The fingerprints of the keys the database was written with, once a start has recorded them.
    func keyFingerprints(name: String) async throws -> KeyFingerprints?

    // The acquirer link's reversal queue. Not scoped by merchant: only the link reads it.
    /// The reversal queued for the operation `id`, if one is owed.
    func pendingReversal(id: String) async throws -> PendingReversal?
    /// The reversals of every merchant that the link `processorId` owes and that are due at
    /// `date` (`nextAttemptAt <= date`), soonest first, then oldest first, then by id; at most
    /// `limit`. In a write on PostgreSQL the rows are claimed until it ends (`FOR UPDATE SKIP
    /// LOCKED`), so two instances never take the same.
    func duePendingReversals(at date: Date, processorId: String, limit: Int) async throws -> [PendingReversal]

    /// Instances whose last heartbeat is at or after `date`, oldest start first.
    func liveInstances(seenSince date: Date) async throws -> [GatewayInstance]

    /// The merchant's payments in `currency` per UTC day, for days with any, in `[from, to)`, oldest first.
    func dailyVolume(merchantId: String, currency: String, from: Date, to: Date) async throws -> [DailyVolume]

    // The dashboard's users, sessions and audit list.
    /// The user with this email (lower-cased), of any merchant: sign-in asks for nothing else.
    func dashboardUser(email: String) async throws -> DashboardUser?
    func dashboardUser(id: String, merchantId: String) async throws -> DashboardUser?
    /// The merchant's users, by email.
    func dashboardUsers(merchantId: String) async throws -> [DashboardUser]
    /// The invited user whose sign-in link has this SHA-256, used or not yet expired alike.
    func dashboardUser(invitationHash: String) async throws -> DashboardUser?
    func dashboardSession(tokenHash: String) async throws -> DashboardSession?
    /// The merchant's audit entries, newest first, at most `limit`.
    func dashboardAudit(merchantId: String, limit: Int) async throws -> [DashboardAuditEntry]
}
