import Foundation
import PaymentCore
import Storage

/// The reads of every SQL store, written once for the reader (committed data) and the
/// writer (its own transaction, which also sees its uncommitted changes).
protocol SQLQuerying: StoreReader {
    var session: any SQLSession { get }
    /// How `dueWebhookDeliveries` and `duePendingReversals` lock what they return (see ``SQLDialect/deliveryClaim``);
    /// nil for a reader, which never locks.
    var deliveryClaim: String? { get }
}

/// Reads committed data: what a store's `read` hands its body.
struct SQLReader: SQLQuerying {
    let session: any SQLSession
    var deliveryClaim: String? { nil }
}

extension SQLQuerying {
    /// Rows of `table` matching `condition` (fixed SQL with `?` placeholders) in `order`.
    func fetch<Record>(
        _ table: SQLTable<Record>, where condition: String, _ binds: [SQLValue], orderBy order: String? = nil,
        lock: String? = nil, from: String? = nil
    ) async throws -> [Record] {
        var sql = "SELECT \(table.selection) FROM \(from ?? table.name) WHERE \(condition)"
        if let order { sql += " ORDER BY \(order)" }
        // A row-locking clause (`FOR UPDATE …`) comes after ORDER BY and LIMIT.
        if let lock { sql += " \(lock)" }
        return try await session.rows(sql, binds).map { try table.decode($0) }
    }

    func merchant(id: String) async throws -> Merchant? {
        try await merchantRow(id: id)
    }

    /// The merchant as stored, never from a cache.
    func merchantRow(id: String) async throws -> Merchant? {
        try await fetch(SQLTables.merchants, where: "id = ?", [.text(id)]).first
    }

    func merchants() async throws -> [Merchant] {
        try await fetch(SQLTables.merchants, where: "TRUE", [], orderBy: "created_at, id")
    }

    func apiClient(id: String) async throws -> APIClient? {
        try await fetch(SQLTables.apiClients, where: "id = ?", [.text(id)]).first
    }

    func apiClients(merchantId: String) async throws -> [APIClient] {
        try await fetch(SQLTables.apiClients, where: "merchant_id = ?", [.text(merchantId)], orderBy: "created_at, id")
    }

    func apiClient(jwtIssuer: String) async throws -> APIClient? {
        try await fetch(SQLTables.apiClients, where: "jwt_issuer = ?", [.text(jwtIssuer)]).first
    }

    func refreshToken(hash: String) async throws -> RefreshToken? {
        try await fetch(SQLTables.refreshTokens, where: "token_hash = ?", [.text(hash)]).first
    }

    func idempotencyRecord(merchantId: String, key: String) async throws -> IdempotencyRecord? {
        try await fetch(SQLTables.idempotencyKeys, where: "merchant_id = ? AND key = ?", [.text(merchantId), .text(key)]).first
    }

    func staleIdempotencyRecords(createdBefore cutoff: Date) async throws -> [IdempotencyRecord] {
        try await fetch(
            SQLTables.idempotencyKeys, where: "state = ? AND created_at < ?",
            [.text(IdempotencyRecord.State.inProgress.rawValue), SQLValue.date(cutoff)],
            orderBy: "created_at, merchant_id, key")
    }

    func batch(id: String, merchantId: String) async throws -> Batch? {
        try await fetch(SQLTables.batches, where: "id = ? AND merchant_id = ?", [.text(id), .text(merchantId)]).first
    }

    func batches(merchantId: String) async throws -> [Batch] {
        try await fetch(SQLTables.batches, where: "merchant_id = ?", [.text(merchantId)], orderBy: "opened_at DESC, id DESC")
    }

    func batches(merchantId: String, limit: Int, offset: Int) async throws -> (batches: [Batch], total: Int) {
        let counted = try await session.rows("SELECT COUNT(*) AS total FROM batches WHERE merchant_id = ?", [.text(merchantId)])
        let total = try counted.first.map { try SQLRowReader($0, table: "batches").int("total") } ?? 0
        let page = try await fetch(
            SQLTables.batches, where: "merchant_id = ?", [.text(merchantId), .integer(Int64(max(0, limit))), .integer(Int64(max(0, offset)))],
            orderBy: "opened_at DESC, id DESC LIMIT ? OFFSET ?")
        return (page, total)
    }

    func openBatch(merchantId: String) async throws -> Batch? {
        try await openBatch(merchantId: merchantId, lock: nil)
    }

    func batchesAwaitingReconciliation(limit: Int) async throws -> [Batch] {
        try await fetch(
            SQLTables.batches, where: "reconciliation_state = ?", [.text(BatchReconciliation.State.pending.rawValue)],
            orderBy: "closed_at, id LIMIT \(max(limit, 0))")
    }

    /// The merchant's open batch, with `lock` (a writer's row lock) when given.
    func openBatch(merchantId: String, lock: String?) async throws -> Batch? {
        try await fetch(
            SQLTables.batches, where: "merchant_id = ? AND closed_at IS NULL", [.text(merchantId)],
            orderBy: "opened_at DESC, id DESC LIMIT 1", lock: lock
        ).first
    }

    func device(merchantId: String, deviceId: String) async throws -> Device? {
        try await fetch(SQLTables.devices, where: "merchant_id = ? AND device_id = ?", [.text(merchantId), .text(deviceId)]).first
    }

    func devices(merchantId: String) async throws -> [Device] {
        try await fetch(SQLTables.devices, where: "merchant_id = ?", [.text(merchantId)], orderBy: "created_at, device_id")
    }
}
