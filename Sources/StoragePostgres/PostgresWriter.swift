import Foundation
import PaymentCore
import PostgresNIO
import Storage

/// Changes inside one `BEGIN … COMMIT` transaction on one pooled connection.
struct PostgresWriter: PostgresQuerying, StoreWriter {
    let session: PostgresSession
    let committed: AfterCommit

    func afterCommit(_ action: @escaping @Sendable () -> Void) { committed.add(action) }
    var dueDeliveryClaim: String? { "FOR UPDATE SKIP LOCKED" }

    /// Inserts one row; every record type of the writer goes through here and `update(_:in:subject:)`.
    func insert<Record>(_ record: Record, into table: PostgresTable<Record>, subject: String) async throws {
        // `ON CONFLICT DO NOTHING` reports a duplicate without aborting the transaction, so a
        // caller that expects one (CardReadLedger) can go on writing, as on SQLite.
        let inserted = try await session.rows(table.insertSQL, try table.insertBinds(record), subject: subject)
        guard !inserted.isEmpty else { throw StoreError.duplicate(subject) }
    }

    /// Updates by key; no row matched means the record is not there (or is another merchant's).
    func update<Record>(_ record: Record, in table: PostgresTable<Record>, subject: String) async throws {
        let updated = try await session.rows(table.updateSQL, try table.updateBinds(record), subject: subject)
        guard !updated.isEmpty else { throw StoreError.notFound(subject) }
    }

    // The row stays locked until this write commits or rolls back; another writer locking it waits.
    func lockTransaction(id: String, merchantId: String) async throws -> Transaction? {
        try await fetch(
            PostgresTables.transactions, where: "id = ? AND merchant_id = ?", [.text(id), .text(merchantId)], lock: "FOR UPDATE"
        ).first
    }

    func insert(_ merchant: Merchant) async throws {
        try await insert(merchant, into: PostgresTables.merchants, subject: "merchant \(merchant.id)")
    }

    func update(_ merchant: Merchant) async throws {
        try await update(merchant, in: PostgresTables.merchants, subject: "merchant \(merchant.id)")
    }

    func insert(_ client: APIClient) async throws {
        try await insert(client, into: PostgresTables.apiClients, subject: "API client \(client.id)")
    }

    func update(_ client: APIClient) async throws {
        try await update(client, in: PostgresTables.apiClients, subject: "API client \(client.id)")
    }

    func insert(_ token: RefreshToken) async throws {
        try await insert(token, into: PostgresTables.refreshTokens, subject: "refresh token")
    }

    func update(_ token: RefreshToken) async throws {
        try await update(token, in: PostgresTables.refreshTokens, subject: "refresh token")
    }

    func revokeRefreshTokens(familyId: String) async throws {
        try await session.run("UPDATE refresh_tokens SET revoked = TRUE WHERE family_id = ?", [.text(familyId)])
    }

    func insert(_ transaction: Transaction) async throws {
        try await insert(transaction, into: PostgresTables.transactions, subject: "transaction \(transaction.id)")
    }

    func update(_ transaction: Transaction) async throws {
        try await update(transaction, in: PostgresTables.transactions, subject: "transaction \(transaction.id)")
    }

    func insert(_ record: IdempotencyRecord) async throws {
        try await insert(record, into: PostgresTables.idempotencyKeys, subject: "idempotency key \(record.key)")
    }

    func update(_ record: IdempotencyRecord) async throws {
        try await update(record, in: PostgresTables.idempotencyKeys, subject: "idempotency key \(record.key)")
    }

    func deleteIdempotencyRecord(merchantId: String, key: String) async throws {
        try await session.run("DELETE FROM idempotency_keys WHERE merchant_id = ? AND key = ?", [.text(merchantId), .text(key)])
    }

    func recordCardRead(id: String, merchantId: String, at date: Date) async throws {
        let inserted = try await session.rows(
            "INSERT INTO card_reads (read_id, merchant_id, seen_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING RETURNING 1 AS inserted",
            [.text(id), .text(merchantId), PostgresValue.date(date)], subject: "card read \(id)")
        guard !inserted.isEmpty else { throw StoreError.duplicate("card read \(id)") }
    }

    func forgetCardReads(seenBefore cutoff: Date) async throws {
        try await session.run("DELETE FROM card_reads WHERE seen_at < ?", [PostgresValue.date(cutoff)])
    }

    func insert(_ batch: Batch) async throws {
        try await insert(batch, into: PostgresTables.batches, subject: "batch \(batch.id)")
    }

    func update(_ batch: Batch) async throws {
        try await update(batch, in: PostgresTables.batches, subject: "batch \(batch.id)")
    }

    func markSettled(batchId: String, merchantId: String, at date: Date) async throws -> Int {
        try await session.rows(
            """
            UPDATE transactions SET settled_at = ? \
            WHERE batch_id = ? AND merchant_id = ? AND settled_at IS NULL RETURNING 1 AS settled
            """,
            [PostgresValue.date(date), .text(batchId), .text(merchantId)]
        ).count
    }

    func insert(_ device: Device) async throws {
        try await insert(device, into: PostgresTables.devices, subject: "device \(device.deviceId)")
    }

    func update(_ device: Device) async throws {
        try await update(device, in: PostgresTables.devices, subject: "device \(device.deviceId)")
    }
}
