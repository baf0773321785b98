import StorageSQL

extension PostgresSchema {
    /// The dashboard's search (``TransactionQuery/searchWords(_:)``) through a `pg_trgm` GIN
    /// index: `search_words`, a stored generated column of the transaction's words in lower
    /// case, found with `LIKE '%…%'` through the index. SQLite does the same with an FTS5
    /// trigram index (its 36).
    ///
    /// `pg_trgm` ships with PostgreSQL (contrib) and is a trusted extension: the migration
    /// creates it in `public` when the database has none, which needs the CREATE privilege
    /// on the database (an owner has it); where an administrator installed it already, in
    /// any schema, that one is used.
    static let searchMigrations: [PostgresMigration] = [
        PostgresMigration(version: 31, name: "transaction search: trigram index", statements: [
            """
            ALTER TABLE transactions ADD COLUMN search_words TEXT GENERATED ALWAYS AS (lower(
                id || ' ' || coalesce(reference_id, '') || ' ' || coalesce(customer_name, '') || ' ' || coalesce(customer_email, '')
                || ' ' || coalesce(processor_authorization_code, '') || ' ' || coalesce(right(coalesce(masked_pan, bank_account_masked), 4), '')
                || ' ¤' || amount::text || '¤ ¤' || authorized_amount::text || '¤'
            )) STORED
            """,
            // The operator class is named with the schema the extension is in, which need not
            // be on this schema's search path.
            """
            DO $$
            DECLARE extension_schema TEXT;
            BEGIN
                CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
                SELECT n.nspname INTO extension_schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
                WHERE e.extname = 'pg_trgm';
                EXECUTE format('CREATE INDEX transactions_search ON transactions USING gin (search_words %I.gin_trgm_ops)', extension_schema);
            END
            $$
            """,
        ]),
    ]
}
