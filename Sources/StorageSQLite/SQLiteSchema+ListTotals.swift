import StorageSQL

extension SQLiteSchema {
    /// The payments list's counts and the 30-day volume kept as rows change, instead of
    /// counted from every row on each view (docs/architecture.md "Lists and volume kept as
    /// rows change"), and the index of a payment's operations. Triggers on `transactions`
    /// add a row's NEW contribution and take its OLD one out, like `batch_totals` (32).
    /// PostgreSQL has the same change, its 28. Both tables are `WITHOUT ROWID`: small lines
    /// found by their key, stored in its order.
    static let listTotalsMigrations: [SQLiteMigration] = [
        SQLiteMigration(version: 34, name: "list counts and daily volume kept by triggers, follow-up index", statements: [
            """
            CREATE TABLE transaction_counts (
                merchant_id TEXT NOT NULL,
                original INTEGER NOT NULL,
                status TEXT NOT NULL,
                type TEXT NOT NULL,
                shard TEXT NOT NULL,
                count INTEGER NOT NULL,
                PRIMARY KEY (merchant_id, original, status, type, shard)
            ) STRICT, WITHOUT ROWID
            """,
            """
            CREATE TABLE daily_volume (
                merchant_id TEXT NOT NULL,
                currency TEXT NOT NULL,
                day INTEGER NOT NULL,
                approved_amount INTEGER NOT NULL,
                approved_count INTEGER NOT NULL,
                declined_amount INTEGER NOT NULL,
                declined_count INTEGER NOT NULL,
                refunded_amount INTEGER NOT NULL,
                refunded_count INTEGER NOT NULL,
                PRIMARY KEY (merchant_id, currency, day)
            ) STRICT, WITHOUT ROWID
            """,
        ] + SQLListTotalsMigration.backfill + [
            """
            CREATE TRIGGER transactions_list_totals_insert AFTER INSERT ON transactions
            BEGIN \(count("NEW", sign: "")) \(volume("NEW", sign: "")) END
            """,
            """
            CREATE TRIGGER transactions_list_totals_delete AFTER DELETE ON transactions
            BEGIN \(count("OLD", sign: "-")) \(volume("OLD", sign: "-")) END
            """,
            // Every update writes every column: the WHENs keep each trigger to the rows whose
            // line changed (a capture moves a count; a settled_at, a PIN try: no work).
            """
            CREATE TRIGGER transactions_counts_update
            AFTER UPDATE OF merchant_id, parent_id, status, type ON transactions
            WHEN OLD.merchant_id IS NOT NEW.merchant_id OR OLD.parent_id IS NOT NEW.parent_id
                OR OLD.status IS NOT NEW.status OR OLD.type IS NOT NEW.type
            BEGIN \(count("OLD", sign: "-")) \(count("NEW", sign: "")) END
            """,
            """
            CREATE TRIGGER transactions_daily_volume_update
            AFTER UPDATE OF merchant_id, currency, created_at, parent_id, status, type, authorized_amount, amount ON transactions
            WHEN OLD.merchant_id IS NOT NEW.merchant_id OR OLD.currency IS NOT NEW.currency OR OLD.created_at IS NOT NEW.created_at
                OR OLD.parent_id IS NOT NEW.parent_id OR OLD.status IS NOT NEW.status OR OLD.type IS NOT NEW.type
                OR OLD.authorized_amount IS NOT NEW.authorized_amount OR OLD.amount IS NOT NEW.amount
            BEGIN \(volume("OLD", sign: "-")) \(volume("NEW", sign: "")) END
            """,
            SQLListTotalsMigration.followUpIndex,
        ]),
    ]

    /// `row` counted into (`sign` "") or out of (`sign` "-") its line of `transaction_counts`.
    /// A count cannot overflow: it is at most the number of rows.
    private static func count(_ row: String, sign: String) -> String {
        """
        INSERT INTO transaction_counts (merchant_id, original, status, type, shard, count)
        VALUES (\(row).merchant_id, \(SQLListTotalsMigration.original(row)), \(row).status, \(row).type,
            \(SQLListTotalsMigration.shard(row)), \(sign)1)
        ON CONFLICT (merchant_id, original, status, type, shard) DO UPDATE SET count = count + excluded.count;
        """
    }

    /// `row`'s volume added to (`sign` "") or taken from (`sign` "-") its day's line, when it
    /// counts in one. SQLite would turn an overflowing `+` into a REAL, so each amount is
    /// checked first and an overflow aborts the write (``SQLiteFailure`` reports it as
    /// unavailable: the write is refused, nothing of it stays).
    private static func volume(_ row: String, sign: String) -> String {
        let columns = SQLListTotalsMigration.volumeColumns
        let sums = columns.map { column in
            guard column.hasSuffix("_amount") else { return "\(column) = \(column) + excluded.\(column)" }
            return """
                \(column) = CASE
                    WHEN (excluded.\(column) > 0 AND \(column) > 9223372036854775807 - excluded.\(column))
                        OR (excluded.\(column) < 0 AND \(column) < (-9223372036854775807 - 1) - excluded.\(column))
                    THEN RAISE(ABORT, '\(SQLListTotalsMigration.overflowMessage)')
                    ELSE \(column) + excluded.\(column) END
                """
        }
        return """
            INSERT INTO daily_volume (merchant_id, currency, day, \(columns.joined(separator: ", ")))
            SELECT \(row).merchant_id, \(row).currency, \(SQLListTotalsMigration.day(row)),
                \(SQLListTotalsMigration.volumeValues(row, sign: sign).joined(separator: ", "))
            WHERE \(SQLListTotalsMigration.counted(row))
            ON CONFLICT (merchant_id, currency, day) DO UPDATE SET \(sums.joined(separator: ", "));
            """
    }
}
