extension PostgresSchema {
    /// SQLite's `cacheTokenMigrations`: a new random token for a merchant whenever its row or
    /// one of its webhook endpoints changes, by any instance (`SQLMerchantCache`).
    static let cacheTokenMigrations: [PostgresMigration] = [
        // SQLite's migration 33.
        PostgresMigration(version: 27, name: "merchant cache tokens", statements: [
            "CREATE TABLE merchant_cache_tokens (merchant_id TEXT PRIMARY KEY, token BIGINT NOT NULL)",
            // Inside the trigger the merchant comes from the row: `id` on merchants,
            // `merchant_id` on webhook endpoints (TG_ARGV[0] says which).
            """
            CREATE FUNCTION renew_merchant_cache_token() RETURNS trigger LANGUAGE plpgsql AS $$
            DECLARE
                changed TEXT;
            BEGIN
                IF TG_OP = 'DELETE' THEN
                    changed := to_jsonb(OLD) ->> TG_ARGV[0];
                ELSE
                    changed := to_jsonb(NEW) ->> TG_ARGV[0];
                END IF;
                INSERT INTO merchant_cache_tokens (merchant_id, token)
                VALUES (changed, (random() * 9.2e18 - 4.6e18)::bigint)
                ON CONFLICT (merchant_id) DO UPDATE SET token = excluded.token;
                RETURN NULL;
            END
            $$
            """,
            """
            CREATE TRIGGER merchants_renew_cache_token AFTER INSERT OR UPDATE ON merchants
            FOR EACH ROW EXECUTE FUNCTION renew_merchant_cache_token('id')
            """,
            """
            CREATE TRIGGER webhook_endpoints_renew_cache_token AFTER INSERT OR UPDATE OR DELETE ON webhook_endpoints
            FOR EACH ROW EXECUTE FUNCTION renew_merchant_cache_token('merchant_id')
            """,
        ].map(PostgresMigration.bytewiseText)),
    ]
}
