import Foundation
import PaymentCore
import Storage

/// Changes inside the one transaction of a store's `write`, which the store opened on the
/// session and commits or rolls back.
struct SQLWriter: SQLQuerying, StoreWriter {
    let session: any SQLSession
    let dialect: SQLDialect
    let committed: AfterCommit
    /// The store's merchants as writes last read them (`SQLWriter+MerchantCache.swift`); nil reads every time.
    let cache: SQLMerchantCache?
    let tokens = SQLWriteTokens()
    /// The payments this write locked, as it found them or last wrote them.
    let lockedRows = SQLWriteRows()

    func afterCommit(_ action: @escaping @Sendable () -> Void) { committed.add(action) }
    var deliveryClaim: String? { dialect.deliveryClaim }

    /// Inserts one row; every record type of the writer goes through here and `update(_:in:subject:)`.
    /// No row back means the key is taken (see ``SQLTable/insertSQL``).
    func insert<Record>(_ record: Record, into table: SQLTable<Record>, subject: String) async throws {
        let inserted = try await session.rows(table.insertSQL, try table.insertBinds(record), subject: subject)
        guard !inserted.isEmpty else { throw StoreError.duplicate(subject) }
    }

    /// Inserts one row, sent without waiting where the store can (``SQLSession/send(_:_:subject:)``):
    /// for rows whose duplicate no caller catches (payments and their events have fresh ids).
    /// A key taken is still ``StoreError/duplicate(_:)``, from the database's own error.
    func send<Record>(_ record: Record, into table: SQLTable<Record>, subject: String) async throws {
        try await session.send(table.sendSQL, try table.insertBinds(record), subject: subject)
    }

    /// Updates by key; no row matched means the record is not there (or is another merchant's).
    func update<Record>(_ record: Record, in table: SQLTable<Record>, subject: String) async throws {
        let updated = try await session.rows(table.updateSQL, try table.updateBinds(record), subject: subject)
        guard !updated.isEmpty else { throw StoreError.notFound(subject) }
    }

    // The row stays locked until this write ends (`FOR UPDATE`), or the store's single
    // writer already excludes every other writer (SQLite). The merchant's cache token comes
    // in the same statement when this write has not read it yet: phase 3 of every payment
    // locks its row first and reads the token next (its events need the webhook endpoints),
    // so this spares it a round trip (see `SQLWriter+MerchantCache.swift`); the open batch's
    // id, which a payment finishing captured joins next, comes with them (``openBatchId``).
    func lockTransaction(id: String, merchantId: String) async throws -> Transaction? {
        let row = try await lockTransactionRow(id: id, merchantId: merchantId)
        if let row { lockedRows.remember(row) }
        return row
    }

    private func lockTransactionRow(id: String, merchantId: String) async throws -> Transaction? {
        guard cache != nil, tokens.token(merchantId: merchantId) == nil else {
            return try await fetch(
                SQLTables.transactions, where: "id = ? AND merchant_id = ?", [.text(id), .text(merchantId)],
                lock: dialect.transactionLock
            ).first
        }
        let table = SQLTables.transactions
        let rows = try await session.rows(
            "SELECT \(table.selection), (\(Self.cacheTokenSQL)) AS merchant_cache_token, (\(openBatchIdSQL)) AS open_batch_id "
                + "FROM \(table.name) WHERE id = ? AND merchant_id = ?" + (dialect.transactionLock.map { " \($0)" } ?? ""),
            [.text(merchantId), .text(merchantId), .text(id), .text(merchantId)])
        guard let row = rows.first else { return nil }
        let token = try SQLRowReader(row, table: "merchant_cache_tokens").optionalInt64("merchant_cache_token") ?? 0
        tokens.remember(token, merchantId: merchantId)
        if let batchId = try SQLRowReader(row, table: "batches").optionalText("open_batch_id") {
            lockedRows.rememberOpenBatch(batchId, merchantId: merchantId)
        }
        return try table.decode(row)
    }

    // A payment joining the batch shares its row; a close locks it (see `SQLDialect.shareLock`).
    func openBatch(merchantId: String) async throws -> Batch? {
        try await openBatch(merchantId: merchantId, lock: dialect.shareLock)
    }

    // Only the id: what a payment joining the batch needs, without decoding its totals. A
    // unique index keeps one open batch per merchant, so no ORDER BY … LIMIT: on SQLite that
    // would make the statement be prepared again on every run.
    func openBatchId(merchantId: String) async throws -> String? {
        if let known = lockedRows.openBatchId(merchantId: merchantId) { return known }
        let rows = try await session.rows(openBatchIdSQL, [.text(merchantId)])
        return try rows.first.map { try SQLRowReader($0, table: "batches").text("id") }
    }

    /// The merchant's open batch's id, its row shared (see `SQLDialect.shareLock`).
    private var openBatchIdSQL: String {
        "SELECT id FROM batches WHERE merchant_id = ? AND closed_at IS NULL" + (dialect.shareLock.map { " \($0)" } ?? "")
    }

    func lockOpenBatch(merchantId: String) async throws -> Batch? {
        lockedRows.forgetOpenBatches()
        return try await openBatch(merchantId: merchantId, lock: dialect.transactionLock)
    }

    func lockBatch(id: String, merchantId: String) async throws -> Batch? {
        lockedRows.forgetOpenBatches()
        return try await fetch(
            SQLTables.batches, where: "id = ? AND merchant_id = ?", [.text(id), .text(merchantId)], lock: dialect.transactionLock
        ).first
    }

    func insert(_ merchant: Merchant) async throws {
        tokens.forget(merchantId: merchant.id)
        try await insert(merchant, into: SQLTables.merchants, subject: "merchant \(merchant.id)")
    }

    func update(_ merchant: Merchant) async throws {
        tokens.forget(merchantId: merchant.id)
        try await update(merchant, in: SQLTables.merchants, subject: "merchant \(merchant.id)")
    }

    func insert(_ client: APIClient) async throws {
        try await insert(client, into: SQLTables.apiClients, subject: "API client \(client.id)")
    }

    func update(_ client: APIClient) async throws {
        try await update(client, in: SQLTables.apiClients, subject: "API client \(client.id)")
    }

    func insert(_ token: RefreshToken) async throws {
        try await insert(token, into: SQLTables.refreshTokens, subject: "refresh token")
    }

    func update(_ token: RefreshToken) async throws {
        try await update(token, in: SQLTables.refreshTokens, subject: "refresh token")
    }

    func revokeRefreshTokens(familyId: String) async throws {
        try await session.run("UPDATE refresh_tokens SET revoked = ? WHERE family_id = ?", [.bool(true), .text(familyId)])
    }

    func insert(_ transaction: Transaction) async throws {
        try await send(transaction, into: SQLTables.transactions, subject: "transaction \(transaction.id)")
    }

    // A row this write locked is changed in its changed columns only (``SQLTable/changes(from:to:)``).
    func update(_ transaction: Transaction) async throws {
        let subject = "transaction \(transaction.id)"
        guard let found = lockedRows.row(id: transaction.id) else {
            return try await update(transaction, in: SQLTables.transactions, subject: subject)
        }
        if let change = try SQLTables.transactions.changes(from: found, to: transaction) {
            // Sent: the row is there, locked by this write (or written by it) under this merchant.
            try await session.send(change.sql, change.binds, subject: subject)
        } else if found.merchantId != transaction.merchantId {
            try await update(transaction, in: SQLTables.transactions, subject: subject)
        }
        lockedRows.remember(transaction)
    }

    func insert(_ record: IdempotencyRecord) async throws {
        try await insert(record, into: SQLTables.idempotencyKeys, subject: "idempotency key \(record.key)")
    }

    func update(_ record: IdempotencyRecord) async throws {
        try await update(record, in: SQLTables.idempotencyKeys, subject: "idempotency key \(record.key)")
    }

    func deleteIdempotencyRecord(merchantId: String, key: String) async throws {
        try await session.run("DELETE FROM idempotency_keys WHERE merchant_id = ? AND key = ?", [.text(merchantId), .text(key)])
    }

    // One UPDATE each, without reading the record first: these run on every keyed request.
    func linkIdempotencyRecord(merchantId: String, key: String, transactionId: String) async throws {
        try await session.run(
            "UPDATE idempotency_keys SET transaction_id = ? WHERE merchant_id = ? AND key = ?",
            [.text(transactionId), .text(merchantId), .text(key)])
    }

    func completeIdempotencyRecord(merchantId: String, key: String, responseStatus: Int, responseBody: Data) async throws {
        try await session.send(
            "UPDATE idempotency_keys SET state = ?, response_status = ?, response_body = ? WHERE merchant_id = ? AND key = ?",
            [.text(IdempotencyRecord.State.completed.rawValue), SQLValue.integer(responseStatus), SQLValue.blob(responseBody),
             .text(merchantId), .text(key)], subject: "idempotency key \(key)")
    }

    func recordCardRead(id: String, merchantId: String, at date: Date) async throws {
        // A read seen before is a duplicate without an error, as in ``insert(_:into:subject:)``.
        let inserted = try await session.rows(
            "INSERT INTO card_reads (read_id, merchant_id, seen_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING RETURNING 1 AS inserted",
            [.text(id), .text(merchantId), SQLValue.date(date)], subject: "card read \(id)")
        guard !inserted.isEmpty else { throw StoreError.duplicate("card read \(id)") }
    }

    func forgetCardReads(seenBefore cutoff: Date) async throws {
        try await session.run("DELETE FROM card_reads WHERE seen_at < ?", [SQLValue.date(cutoff)])
    }

    func insert(_ batch: Batch) async throws {
        lockedRows.forgetOpenBatches()
        try await insert(batch, into: SQLTables.batches, subject: "batch \(batch.id)")
    }

    func update(_ batch: Batch) async throws {
        lockedRows.forgetOpenBatches()
        try await update(batch, in: SQLTables.batches, subject: "batch \(batch.id)")
    }

    func markSettled(batchId: String, merchantId: String, at date: Date) async throws -> Int {
        lockedRows.forgetAll()
        return try await session.rows(
            """
            UPDATE transactions SET settled_at = ? \
            WHERE batch_id = ? AND merchant_id = ? AND settled_at IS NULL RETURNING 1 AS settled
            """,
            [SQLValue.date(date), .text(batchId), .text(merchantId)]
        ).count
    }

    func insert(_ device: Device) async throws {
        try await insert(device, into: SQLTables.devices, subject: "device \(device.deviceId)")
    }

    func update(_ device: Device) async throws {
        try await update(device, in: SQLTables.devices, subject: "device \(device.deviceId)")
    }
}
