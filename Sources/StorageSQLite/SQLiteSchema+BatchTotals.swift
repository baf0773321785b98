import StorageSQL

extension SQLiteSchema {
    /// The open batch's totals kept as its members change, instead of counted from every
    /// member on each view (docs/architecture.md "Batch totals"). Each row carries what it
    /// counts (`batch_kind`, `batch_brand`, `batch_amount`, written by the gateway with the
    /// row); triggers add a row's NEW movement to `batch_totals` and take its OLD one out,
    /// so no code path can forget them. PostgreSQL has the same change, its 26.
    static let batchTotalsMigrations: [SQLiteMigration] = [
        SQLiteMigration(version: 32, name: "batch totals kept by triggers, list indexes", statements: [
            "ALTER TABLE transactions ADD COLUMN batch_kind TEXT",
            "ALTER TABLE transactions ADD COLUMN batch_brand TEXT",
            "ALTER TABLE transactions ADD COLUMN batch_amount INTEGER",
            """
            CREATE TABLE batch_totals (
                merchant_id TEXT NOT NULL,
                batch_id TEXT NOT NULL,
                grouping TEXT NOT NULL,
                name TEXT NOT NULL,
                currency TEXT NOT NULL,
                count INTEGER NOT NULL,
                amount INTEGER NOT NULL,
                PRIMARY KEY (batch_id, merchant_id, grouping, name, currency)
            ) STRICT
            """,
            SQLBatchTotalsMigration.fillMovements,
        ] + SQLBatchTotalsMigration.fillTotals + [
            """
            CREATE TRIGGER transactions_batch_totals_insert AFTER INSERT ON transactions
            BEGIN \(count("NEW", sign: "")) END
            """,
            """
            CREATE TRIGGER transactions_batch_totals_delete AFTER DELETE ON transactions
            BEGIN \(count("OLD", sign: "-")) END
            """,
            // Every update writes every column, so the WHEN keeps the trigger to the rows
            // whose movement changed (a settled_at, a status that moves nothing: no work).
            """
            CREATE TRIGGER transactions_batch_totals_update
            AFTER UPDATE OF merchant_id, batch_id, currency, batch_kind, batch_brand, batch_amount ON transactions
            WHEN OLD.merchant_id IS NOT NEW.merchant_id OR OLD.batch_id IS NOT NEW.batch_id
                OR OLD.currency IS NOT NEW.currency OR OLD.batch_kind IS NOT NEW.batch_kind
                OR OLD.batch_brand IS NOT NEW.batch_brand OR OLD.batch_amount IS NOT NEW.batch_amount
            BEGIN \(count("OLD", sign: "-")) \(count("NEW", sign: "")) END
            """,
        ] + SQLBatchTotalsMigration.listIndexes),
    ]

    /// The trigger statements that count `row`'s movement into (`sign` "") or out of (`sign`
    /// "-") its batch's three lines. SQLite would turn an overflowing `+` into a REAL, so the
    /// sum is checked first and an overflow aborts the write with a message
    /// ``SQLiteFailure`` turns into ``StoreError/batchTotalsTooLarge``.
    private static func count(_ row: String, sign: String) -> String {
        [("'currency'", "''"), ("'brand'", "\(row).batch_brand"), ("'kind'", "\(row).batch_kind")].map { grouping, name in
            """
            INSERT INTO batch_totals (merchant_id, batch_id, grouping, name, currency, count, amount)
            SELECT \(row).merchant_id, \(row).batch_id, \(grouping), \(name), \(row).currency, \(sign)1, \(sign)\(row).batch_amount
            WHERE \(row).batch_id IS NOT NULL AND \(row).batch_kind IS NOT NULL
            ON CONFLICT (batch_id, merchant_id, grouping, name, currency) DO UPDATE SET
                count = count + excluded.count,
                amount = CASE
                    WHEN (excluded.amount > 0 AND amount > 9223372036854775807 - excluded.amount)
                        OR (excluded.amount < 0 AND amount < (-9223372036854775807 - 1) - excluded.amount)
                    THEN RAISE(ABORT, '\(SQLBatchTotalsMigration.overflowMessage)')
                    ELSE amount + excluded.amount END;
            """
        }.joined(separator: "\n")
    }
}
