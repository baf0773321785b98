import StorageSQL

extension PostgresSchema {
    /// The open batch's totals kept by triggers (SQLite's migration 32,
    /// `SQLiteSchema+BatchTotals.swift`). Instances writing one batch at once queue on its
    /// `batch_totals` lines (`ON CONFLICT DO UPDATE` locks the line), so no change is lost.
    static let batchTotalsMigrations: [PostgresMigration] = [
        PostgresMigration(version: 26, name: "batch totals kept by triggers, list indexes", statements: [
            PostgresMigration.bytewiseText(
                "ALTER TABLE transactions ADD COLUMN batch_kind TEXT, ADD COLUMN batch_brand TEXT, ADD COLUMN batch_amount BIGINT"),
            PostgresMigration.bytewiseText("""
                CREATE TABLE batch_totals (
                    merchant_id TEXT NOT NULL,
                    batch_id TEXT NOT NULL,
                    grouping TEXT NOT NULL,
                    name TEXT NOT NULL,
                    currency TEXT NOT NULL,
                    count BIGINT NOT NULL,
                    amount BIGINT NOT NULL,
                    PRIMARY KEY (batch_id, merchant_id, grouping, name, currency)
                )
                """),
            SQLBatchTotalsMigration.fillMovements,
        ] + SQLBatchTotalsMigration.fillTotals + [
            // A checked sum: bigint's own overflow error would not say what overflowed.
            """
            CREATE FUNCTION batch_totals_sum(a BIGINT, b BIGINT) RETURNS BIGINT LANGUAGE plpgsql IMMUTABLE AS $$
            BEGIN
                IF (b > 0 AND a > 9223372036854775807 - b) OR (b < 0 AND a < (-9223372036854775807 - 1) - b) THEN
                    RAISE EXCEPTION '\(SQLBatchTotalsMigration.overflowMessage)' USING ERRCODE = '\(overflowState)';
                END IF;
                RETURN a + b;
            END $$
            """,
            """
            CREATE FUNCTION batch_totals_count(
                merchant VARCHAR, batch VARCHAR, cur VARCHAR, kind VARCHAR, brand VARCHAR, n BIGINT, amt BIGINT
            ) RETURNS VOID LANGUAGE plpgsql AS $$
            BEGIN
                INSERT INTO batch_totals AS line (merchant_id, batch_id, grouping, name, currency, count, amount)
                VALUES (merchant, batch, 'currency', '', cur, n, amt), (merchant, batch, 'brand', brand, cur, n, amt),
                    (merchant, batch, 'kind', kind, cur, n, amt)
                ON CONFLICT (batch_id, merchant_id, grouping, name, currency) DO UPDATE SET
                    count = line.count + EXCLUDED.count, amount = batch_totals_sum(line.amount, EXCLUDED.amount);
            END $$
            """,
            // OLD is only looked at on UPDATE and DELETE, NEW on INSERT and UPDATE.
            """
            CREATE FUNCTION transactions_batch_totals() RETURNS TRIGGER LANGUAGE plpgsql AS $$
            BEGIN
                IF TG_OP IN ('UPDATE', 'DELETE') THEN
                    IF OLD.batch_id IS NOT NULL AND OLD.batch_kind IS NOT NULL THEN
                        PERFORM batch_totals_count(OLD.merchant_id, OLD.batch_id, OLD.currency, OLD.batch_kind,
                            OLD.batch_brand, -1, -OLD.batch_amount);
                    END IF;
                END IF;
                IF TG_OP IN ('INSERT', 'UPDATE') THEN
                    IF NEW.batch_id IS NOT NULL AND NEW.batch_kind IS NOT NULL THEN
                        PERFORM batch_totals_count(NEW.merchant_id, NEW.batch_id, NEW.currency, NEW.batch_kind,
                            NEW.batch_brand, 1, NEW.batch_amount);
                    END IF;
                END IF;
                RETURN NULL;
            END $$
            """,
            """
            CREATE TRIGGER transactions_batch_totals_insert_delete AFTER INSERT OR DELETE ON transactions
            FOR EACH ROW EXECUTE FUNCTION transactions_batch_totals()
            """,
            // Every update writes every column: only a changed movement needs the work.
            """
            CREATE TRIGGER transactions_batch_totals_update
            AFTER UPDATE OF merchant_id, batch_id, currency, batch_kind, batch_brand, batch_amount ON transactions
            FOR EACH ROW WHEN ((OLD.merchant_id, OLD.batch_id, OLD.currency, OLD.batch_kind, OLD.batch_brand, OLD.batch_amount)
                IS DISTINCT FROM (NEW.merchant_id, NEW.batch_id, NEW.currency, NEW.batch_kind, NEW.batch_brand, NEW.batch_amount))
            EXECUTE FUNCTION transactions_batch_totals()
            """,
        ] + SQLBatchTotalsMigration.listIndexes),
    ]

    /// The SQLSTATE `batch_totals_sum` raises; ``PostgresSession`` turns it into
    /// ``StoreError/batchTotalsTooLarge``.
    static let overflowState = "TL001"
}
