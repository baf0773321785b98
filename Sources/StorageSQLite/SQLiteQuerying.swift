import Foundation
import PaymentCore
import SQLiteNIO
import Storage

/// The reads of the SQLite store, written once for the reader (read connection) and the
/// writer (write connection, which also sees its own uncommitted changes).
protocol SQLiteQuerying: StoreReader {
    var session: SQLiteSession { get }
}

/// Reads committed data on the read connection.
struct SQLiteReader: SQLiteQuerying {
    let session: SQLiteSession
}

extension SQLiteQuerying {
    /// Rows of `table` matching `condition` (fixed SQL with `?` placeholders) in `order`.
    func fetch<Record>(
        _ table: SQLiteTable<Record>, where condition: String, _ binds: [SQLiteData], orderBy order: String? = nil
    ) async throws -> [Record] {
        var sql = "SELECT \(table.selection) FROM \(table.name) WHERE \(condition)"
        if let order { sql += " ORDER BY \(order)" }
        return try await session.rows(sql, binds).map { try table.decode($0) }
    }

    func merchant(id: String) async throws -> Merchant? {
        try await fetch(SQLiteTables.merchants, where: "id = ?", [.text(id)]).first
    }

    func merchants() async throws -> [Merchant] {
        try await fetch(SQLiteTables.merchants, where: "1", [], orderBy: "created_at, id")
    }

    func apiClient(id: String) async throws -> APIClient? {
        try await fetch(SQLiteTables.apiClients, where: "id = ?", [.text(id)]).first
    }

    func apiClients(merchantId: String) async throws -> [APIClient] {
        try await fetch(SQLiteTables.apiClients, where: "merchant_id = ?", [.text(merchantId)], orderBy: "created_at, id")
    }

    func refreshToken(hash: String) async throws -> RefreshToken? {
        try await fetch(SQLiteTables.refreshTokens, where: "token_hash = ?", [.text(hash)]).first
    }

    func idempotencyRecord(merchantId: String, key: String) async throws -> IdempotencyRecord? {
        try await fetch(SQLiteTables.idempotencyKeys, where: "merchant_id = ? AND key = ?", [.text(merchantId), .text(key)]).first
    }

    func staleIdempotencyRecords(createdBefore cutoff: Date) async throws -> [IdempotencyRecord] {
        try await fetch(
            SQLiteTables.idempotencyKeys, where: "state = ? AND created_at < ?",
            [.text(IdempotencyRecord.State.inProgress.rawValue), SQLiteValue.date(cutoff)],
            orderBy: "created_at, merchant_id, key")
    }

    func batch(id: String, merchantId: String) async throws -> Batch? {
        try await fetch(SQLiteTables.batches, where: "id = ? AND merchant_id = ?", [.text(id), .text(merchantId)]).first
    }

    func batches(merchantId: String) async throws -> [Batch] {
        try await fetch(SQLiteTables.batches, where: "merchant_id = ?", [.text(merchantId)], orderBy: "opened_at DESC, id DESC")
    }

    func openBatch(merchantId: String) async throws -> Batch? {
        try await fetch(
            SQLiteTables.batches, where: "merchant_id = ? AND closed_at IS NULL", [.text(merchantId)],
            orderBy: "opened_at DESC, id DESC LIMIT 1"
        ).first
    }

    func device(merchantId: String, deviceId: String) async throws -> Device? {
        try await fetch(SQLiteTables.devices, where: "merchant_id = ? AND device_id = ?", [.text(merchantId), .text(deviceId)]).first
    }

    func devices(merchantId: String) async throws -> [Device] {
        try await fetch(SQLiteTables.devices, where: "merchant_id = ?", [.text(merchantId)], orderBy: "created_at, device_id")
    }
}
