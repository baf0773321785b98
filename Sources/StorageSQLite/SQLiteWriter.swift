import Foundation
import PaymentCore
import SQLiteNIO
import Storage

/// Changes inside one `BEGIN IMMEDIATE` transaction on the write connection.
struct SQLiteWriter: SQLiteQuerying, StoreWriter {
    let session: SQLiteSession
    let committed: AfterCommit

    func afterCommit(_ action: @escaping @Sendable () -> Void) { committed.add(action) }

    /// Inserts one row; every record type of the writer goes through here and `update(_:in:subject:)`.
    func insert<Record>(_ record: Record, into table: SQLiteTable<Record>, subject: String) async throws {
        try await session.run(table.insertSQL, try table.insertBinds(record), subject: subject)
    }

    /// Updates by key; no row matched means the record is not there (or is another merchant's).
    func update<Record>(_ record: Record, in table: SQLiteTable<Record>, subject: String) async throws {
        let updated = try await session.rows(table.updateSQL, try table.updateBinds(record), subject: subject)
        guard !updated.isEmpty else { throw StoreError.notFound(subject) }
    }

    // Holding the single writer lock already excludes every other writer.
    func lockTransaction(id: String, merchantId: String) async throws -> Transaction? {
        try await transaction(id: id, merchantId: merchantId)
    }

    func insert(_ merchant: Merchant) async throws {
        try await insert(merchant, into: SQLiteTables.merchants, subject: "merchant \(merchant.id)")
    }

    func update(_ merchant: Merchant) async throws {
        try await update(merchant, in: SQLiteTables.merchants, subject: "merchant \(merchant.id)")
    }

    func insert(_ client: APIClient) async throws {
        try await insert(client, into: SQLiteTables.apiClients, subject: "API client \(client.id)")
    }

    func update(_ client: APIClient) async throws {
        try await update(client, in: SQLiteTables.apiClients, subject: "API client \(client.id)")
    }

    func insert(_ token: RefreshToken) async throws {
        try await insert(token, into: SQLiteTables.refreshTokens, subject: "refresh token")
    }

    func update(_ token: RefreshToken) async throws {
        try await update(token, in: SQLiteTables.refreshTokens, subject: "refresh token")
    }

    func revokeRefreshTokens(familyId: String) async throws {
        try await session.run("UPDATE refresh_tokens SET revoked = 1 WHERE family_id = ?", [.text(familyId)])
    }

    func insert(_ transaction: Transaction) async throws {
        try await insert(transaction, into: SQLiteTables.transactions, subject: "transaction \(transaction.id)")
    }

    func update(_ transaction: Transaction) async throws {
        try await update(transaction, in: SQLiteTables.transactions, subject: "transaction \(transaction.id)")
    }

    func insert(_ record: IdempotencyRecord) async throws {
        try await insert(record, into: SQLiteTables.idempotencyKeys, subject: "idempotency key \(record.key)")
    }

    func update(_ record: IdempotencyRecord) async throws {
        try await update(record, in: SQLiteTables.idempotencyKeys, subject: "idempotency key \(record.key)")
    }

    func deleteIdempotencyRecord(merchantId: String, key: String) async throws {
        try await session.run("DELETE FROM idempotency_keys WHERE merchant_id = ? AND key = ?", [.text(merchantId), .text(key)])
    }

    func recordCardRead(id: String, merchantId: String, at date: Date) async throws {
        try await session.run(
            "INSERT INTO card_reads (read_id, merchant_id, seen_at) VALUES (?, ?, ?)",
            [.text(id), .text(merchantId), SQLiteValue.date(date)], subject: "card read \(id)")
    }

    func forgetCardReads(seenBefore cutoff: Date) async throws {
        try await session.run("DELETE FROM card_reads WHERE seen_at < ?", [SQLiteValue.date(cutoff)])
    }

    func insert(_ batch: Batch) async throws {
        try await insert(batch, into: SQLiteTables.batches, subject: "batch \(batch.id)")
    }

    func update(_ batch: Batch) async throws {
        try await update(batch, in: SQLiteTables.batches, subject: "batch \(batch.id)")
    }

    func markSettled(batchId: String, merchantId: String, at date: Date) async throws -> Int {
        try await session.rows(
            """
            UPDATE transactions SET settled_at = ? \
            WHERE batch_id = ? AND merchant_id = ? AND settled_at IS NULL RETURNING 1 AS settled
            """,
            [SQLiteValue.date(date), .text(batchId), .text(merchantId)]
        ).count
    }

    func insert(_ device: Device) async throws {
        try await insert(device, into: SQLiteTables.devices, subject: "device \(device.deviceId)")
    }

    func update(_ device: Device) async throws {
        try await update(device, in: SQLiteTables.devices, subject: "device \(device.deviceId)")
    }
}
