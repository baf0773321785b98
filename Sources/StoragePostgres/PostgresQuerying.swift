import Foundation
import PaymentCore
import PostgresNIO
import Storage

/// The reads of the PostgreSQL store, written once for the reader (committed data) and the
/// writer (its own transaction, which also sees its uncommitted changes).
protocol PostgresQuerying: StoreReader {
    var session: PostgresSession { get }
    /// How `dueWebhookDeliveries` locks what it returns: a writer claims the rows with
    /// `FOR UPDATE SKIP LOCKED`, so two instances' workers never take the same delivery.
    var dueDeliveryClaim: String? { get }
}

/// Reads committed data: one read-only snapshot per `read`.
struct PostgresReader: PostgresQuerying {
    let session: PostgresSession
    var dueDeliveryClaim: String? { nil }
}

extension PostgresQuerying {
    /// Rows of `table` matching `condition` (fixed SQL with `?` placeholders) in `order`.
    func fetch<Record>(
        _ table: PostgresTable<Record>, where condition: String, _ binds: [PostgresValue], orderBy order: String? = nil,
        lock: String? = nil
    ) async throws -> [Record] {
        var sql = "SELECT \(table.selection) FROM \(table.name) WHERE \(condition)"
        if let order { sql += " ORDER BY \(order)" }
        // A row-locking clause (`FOR UPDATE …`) comes after ORDER BY and LIMIT.
        if let lock { sql += " \(lock)" }
        return try await session.rows(sql, binds).map { try table.decode($0) }
    }

    func merchant(id: String) async throws -> Merchant? {
        try await fetch(PostgresTables.merchants, where: "id = ?", [.text(id)]).first
    }

    func merchants() async throws -> [Merchant] {
        try await fetch(PostgresTables.merchants, where: "TRUE", [], orderBy: "created_at, id")
    }

    func apiClient(id: String) async throws -> APIClient? {
        try await fetch(PostgresTables.apiClients, where: "id = ?", [.text(id)]).first
    }

    func apiClients(merchantId: String) async throws -> [APIClient] {
        try await fetch(PostgresTables.apiClients, where: "merchant_id = ?", [.text(merchantId)], orderBy: "created_at, id")
    }

    func refreshToken(hash: String) async throws -> RefreshToken? {
        try await fetch(PostgresTables.refreshTokens, where: "token_hash = ?", [.text(hash)]).first
    }

    func idempotencyRecord(merchantId: String, key: String) async throws -> IdempotencyRecord? {
        try await fetch(PostgresTables.idempotencyKeys, where: "merchant_id = ? AND key = ?", [.text(merchantId), .text(key)]).first
    }

    func staleIdempotencyRecords(createdBefore cutoff: Date) async throws -> [IdempotencyRecord] {
        try await fetch(
            PostgresTables.idempotencyKeys, where: "state = ? AND created_at < ?",
            [.text(IdempotencyRecord.State.inProgress.rawValue), PostgresValue.date(cutoff)],
            orderBy: "created_at, merchant_id, key")
    }

    func batch(id: String, merchantId: String) async throws -> Batch? {
        try await fetch(PostgresTables.batches, where: "id = ? AND merchant_id = ?", [.text(id), .text(merchantId)]).first
    }

    func batches(merchantId: String) async throws -> [Batch] {
        try await fetch(PostgresTables.batches, where: "merchant_id = ?", [.text(merchantId)], orderBy: "opened_at DESC, id DESC")
    }

    func openBatch(merchantId: String) async throws -> Batch? {
        try await fetch(
            PostgresTables.batches, where: "merchant_id = ? AND closed_at IS NULL", [.text(merchantId)],
            orderBy: "opened_at DESC, id DESC LIMIT 1"
        ).first
    }

    func device(merchantId: String, deviceId: String) async throws -> Device? {
        try await fetch(PostgresTables.devices, where: "merchant_id = ? AND device_id = ?", [.text(merchantId), .text(deviceId)]).first
    }

    func devices(merchantId: String) async throws -> [Device] {
        try await fetch(PostgresTables.devices, where: "merchant_id = ?", [.text(merchantId)], orderBy: "created_at, device_id")
    }
}
