import Foundation
import PaymentCore
import Storage

/// The mapping of every record except transactions and merchants (see `SQLTables+Transactions.swift`
/// and `SQLTables+Merchants.swift`).
/// Column names here and in both schemas (`SQLiteSchema`, `PostgresSchema`) must agree; the
/// contract suite round-trips every field on both stores to prove it.
///
/// Flags are bound as ``SQLValue/bool(_:)``: PostgreSQL keeps BOOLEAN, SQLite INTEGER 0/1.
enum SQLTables {
    typealias Column<Record> = SQLTable<Record>.Column

    static let apiClients = SQLTable<APIClient>("api_clients", key: ["id", "merchant_id"], columns: [
        Column(name: "id") { .text($0.id) },
        Column(name: "merchant_id") { .text($0.merchantId) },
        Column(name: "name") { .text($0.name) },
        Column(name: "secret_hash") { .text($0.secretHash) },
        Column(name: "permissions") { try SQLValue.json($0.permissions) },
        Column(name: "created_at") { SQLValue.date($0.createdAt) },
        Column(name: "revoked_at") { SQLValue.date($0.revokedAt) },
        // The issuer apart from the rest, for its unique index and the look-up by token.
        Column(name: "jwt_issuer") { SQLValue.text($0.integratorJWT?.issuer) },
        Column(name: "jwt_settings") { try $0.integratorJWT.map(SQLValue.json) ?? .null },
    ]) { row in
        APIClient(
            id: try row.text("id"), merchantId: try row.text("merchant_id"), name: try row.text("name"),
            secretHash: try row.text("secret_hash"), permissions: try row.json([String].self, "permissions"),
            createdAt: try row.date("created_at"), revokedAt: try row.optionalDate("revoked_at"),
            integratorJWT: try row.optionalJSON(IntegratorJWTSettings.self, "jwt_settings"))
    }

    static let refreshTokens = SQLTable<RefreshToken>("refresh_tokens", key: ["token_hash", "merchant_id"], columns: [
        Column(name: "token_hash") { .text($0.tokenHash) },
        Column(name: "client_id") { .text($0.clientId) },
        Column(name: "merchant_id") { .text($0.merchantId) },
        Column(name: "family_id") { .text($0.familyId) },
        Column(name: "expires_at") { SQLValue.date($0.expiresAt) },
        Column(name: "used_at") { SQLValue.date($0.usedAt) },
        Column(name: "revoked") { .bool($0.revoked) },
    ]) { row in
        RefreshToken(
            tokenHash: try row.text("token_hash"), clientId: try row.text("client_id"),
            merchantId: try row.text("merchant_id"), familyId: try row.text("family_id"),
            expiresAt: try row.date("expires_at"), usedAt: try row.optionalDate("used_at"),
            revoked: try row.bool("revoked"))
    }

    static let idempotencyKeys = SQLTable<IdempotencyRecord>("idempotency_keys", key: ["merchant_id", "key"], columns: [
        Column(name: "merchant_id") { .text($0.merchantId) },
        Column(name: "key") { .text($0.key) },
        Column(name: "request_hash") { .text($0.requestHash) },
        Column(name: "state") { .text($0.state.rawValue) },
        Column(name: "response_status") { SQLValue.integer($0.responseStatus) },
        Column(name: "response_body") { SQLValue.blob($0.responseBody) },
        Column(name: "transaction_id") { SQLValue.text($0.transactionId) },
        Column(name: "created_at") { SQLValue.date($0.createdAt) },
        Column(name: "response_format") { SQLValue.text($0.responseFormat) },
    ]) { row in
        IdempotencyRecord(
            merchantId: try row.text("merchant_id"), key: try row.text("key"),
            requestHash: try row.text("request_hash"), state: try row.value(IdempotencyRecord.State.self, "state"),
            responseStatus: try row.optionalInt("response_status"), responseBody: try row.optionalBlob("response_body"),
            transactionId: try row.optionalText("transaction_id"), createdAt: try row.date("created_at"),
            responseFormat: try row.optionalText("response_format"))
    }

    static let batches = SQLTable<Batch>("batches", key: ["id", "merchant_id"], columns: [
        Column(name: "id") { .text($0.id) },
        Column(name: "merchant_id") { .text($0.merchantId) },
        Column(name: "opened_at") { SQLValue.date($0.openedAt) },
        Column(name: "closed_at") { SQLValue.date($0.closedAt) },
        Column(name: "transaction_count") { SQLValue.integer($0.transactionCount) },
        Column(name: "totals") { try SQLValue.json($0.totals) },
        Column(name: "close_reason") { SQLValue.text($0.closeReason?.rawValue) },
        Column(name: "scheduled_for") { SQLValue.date($0.scheduledFor) },
        Column(name: "by_card_brand") { try SQLValue.json($0.byCardBrand) },
        Column(name: "by_type") { try SQLValue.json($0.byType) },
        Column(name: "reconciliation_state") { SQLValue.text($0.reconciliation?.state.rawValue) },
        Column(name: "reconciliation") { try $0.reconciliation.map(SQLValue.json) ?? .null },
    ]) { row in
        Batch(
            id: try row.text("id"), merchantId: try row.text("merchant_id"), openedAt: try row.date("opened_at"),
            closedAt: try row.optionalDate("closed_at"),
            closeReason: try row.optionalText("close_reason").flatMap(Batch.CloseReason.init(rawValue:)),
            scheduledFor: try row.optionalDate("scheduled_for"), transactionCount: try row.int("transaction_count"),
            totals: try row.json([String: Int64].self, "totals"),
            byCardBrand: try row.json([BatchSubtotal].self, "by_card_brand"), byType: try row.json([BatchSubtotal].self, "by_type"),
            reconciliation: try row.optionalJSON(BatchReconciliation.self, "reconciliation"))
    }

    static let devices = SQLTable<Device>("devices", key: ["merchant_id", "device_id"], columns: [
        Column(name: "merchant_id") { .text($0.merchantId) },
        Column(name: "device_id") { .text($0.deviceId) },
        Column(name: "name") { SQLValue.text($0.name) },
        Column(name: "tap_to_pay_status") { SQLValue.integer($0.tapToPayStatus.rawValue) },
        Column(name: "last_login_at") { SQLValue.date($0.lastLoginAt) },
        Column(name: "client_ids") { try SQLValue.json($0.clientIds) },
        Column(name: "created_at") { SQLValue.date($0.createdAt) },
        Column(name: "updated_at") { SQLValue.date($0.updatedAt) },
    ]) { row in
        Device(
            merchantId: try row.text("merchant_id"), deviceId: try row.text("device_id"), name: try row.optionalText("name"),
            tapToPayStatus: try row.value(TapToPayStatus.self, "tap_to_pay_status"),
            lastLoginAt: try row.optionalDate("last_login_at"), clientIds: try row.json([String].self, "client_ids"),
            createdAt: try row.date("created_at"), updatedAt: try row.date("updated_at"))
    }
}
