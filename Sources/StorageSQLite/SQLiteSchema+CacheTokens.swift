extension SQLiteSchema {
    /// What tells a write whether its cached merchant is current (`SQLMerchantCache`).
    /// PostgreSQL has the same change (`PostgresSchema+CacheTokens.swift`, its 27).
    static let cacheTokenMigrations: [SQLiteMigration] = [
        // A new random token for a merchant whenever its row or one of its webhook endpoints
        // changes, by any writer: this process, another process on the same file, a restore.
        // Random, not a counter, so a change that was rolled back never leaves a token that a
        // later change could take again. No row means token 0 (nothing changed since this
        // migration).
        SQLiteMigration(version: 33, name: "merchant cache tokens", statements: [
            "CREATE TABLE merchant_cache_tokens (merchant_id TEXT NOT NULL PRIMARY KEY, token INTEGER NOT NULL) STRICT",
            renewal(trigger: "merchants_renew_cache_token_on_insert", on: "INSERT ON merchants", merchant: "NEW.id"),
            renewal(trigger: "merchants_renew_cache_token_on_update", on: "UPDATE ON merchants", merchant: "NEW.id"),
            renewal(trigger: "webhook_endpoints_renew_cache_token_on_insert", on: "INSERT ON webhook_endpoints", merchant: "NEW.merchant_id"),
            renewal(trigger: "webhook_endpoints_renew_cache_token_on_update", on: "UPDATE ON webhook_endpoints", merchant: "NEW.merchant_id"),
            renewal(trigger: "webhook_endpoints_renew_cache_token_on_delete", on: "DELETE ON webhook_endpoints", merchant: "OLD.merchant_id"),
        ]),
    ]

    private static func renewal(trigger: String, on event: String, merchant: String) -> String {
        """
        CREATE TRIGGER \(trigger) AFTER \(event) BEGIN
            INSERT INTO merchant_cache_tokens (merchant_id, token) VALUES (\(merchant), random())
            ON CONFLICT (merchant_id) DO UPDATE SET token = excluded.token;
        END
        """
    }
}
