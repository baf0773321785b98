import StorageSQL

extension PostgresSchema {
    /// The payments list's counts and the 30-day volume kept by triggers, and the index of a
    /// payment's operations (SQLite's migration 34, `SQLiteSchema+ListTotals.swift`). Writers
    /// of one merchant queue on its lines (`ON CONFLICT DO UPDATE` locks the line), so no
    /// change is lost; triggers of one event fire in name order, so every write takes the
    /// lines in the same order.
    static let listTotalsMigrations: [PostgresMigration] = [
        PostgresMigration(version: 28, name: "list counts and daily volume kept by triggers, follow-up index", statements: [
            PostgresMigration.bytewiseText("""
                CREATE TABLE transaction_counts (
                    merchant_id TEXT NOT NULL,
                    original BIGINT NOT NULL,
                    status TEXT NOT NULL,
                    type TEXT NOT NULL,
                    shard TEXT NOT NULL,
                    count BIGINT NOT NULL,
                    PRIMARY KEY (merchant_id, original, status, type, shard)
                )
                """),
            PostgresMigration.bytewiseText("""
                CREATE TABLE daily_volume (
                    merchant_id TEXT NOT NULL,
                    currency TEXT NOT NULL,
                    day BIGINT NOT NULL,
                    approved_amount BIGINT NOT NULL,
                    approved_count BIGINT NOT NULL,
                    declined_amount BIGINT NOT NULL,
                    declined_count BIGINT NOT NULL,
                    refunded_amount BIGINT NOT NULL,
                    refunded_count BIGINT NOT NULL,
                    PRIMARY KEY (merchant_id, currency, day)
                )
                """),
        ] + SQLListTotalsMigration.backfill + [
            // A checked sum: bigint's own overflow error would not say what overflowed.
            """
            CREATE FUNCTION daily_volume_sum(a BIGINT, b BIGINT) RETURNS BIGINT LANGUAGE plpgsql IMMUTABLE AS $$
            BEGIN
                IF (b > 0 AND a > 9223372036854775807 - b) OR (b < 0 AND a < (-9223372036854775807 - 1) - b) THEN
                    RAISE EXCEPTION '\(SQLListTotalsMigration.overflowMessage)' USING ERRCODE = '\(volumeOverflowState)';
                END IF;
                RETURN a + b;
            END $$
            """,
            // OLD is only looked at on UPDATE and DELETE, NEW on INSERT and UPDATE.
            """
            CREATE FUNCTION transactions_counts() RETURNS TRIGGER LANGUAGE plpgsql AS $$
            BEGIN
                IF TG_OP IN ('UPDATE', 'DELETE') THEN \(count("OLD", sign: "-")) END IF;
                IF TG_OP IN ('INSERT', 'UPDATE') THEN \(count("NEW", sign: "")) END IF;
                RETURN NULL;
            END $$
            """,
            """
            CREATE FUNCTION transactions_daily_volume() RETURNS TRIGGER LANGUAGE plpgsql AS $$
            BEGIN
                IF TG_OP IN ('UPDATE', 'DELETE') THEN \(volume("OLD", sign: "-")) END IF;
                IF TG_OP IN ('INSERT', 'UPDATE') THEN \(volume("NEW", sign: "")) END IF;
                RETURN NULL;
            END $$
            """,
            """
            CREATE TRIGGER transactions_counts_insert_delete AFTER INSERT OR DELETE ON transactions
            FOR EACH ROW EXECUTE FUNCTION transactions_counts()
            """,
            // Every update writes every column: only a changed line needs the work.
            """
            CREATE TRIGGER transactions_counts_update AFTER UPDATE OF merchant_id, parent_id, status, type ON transactions
            FOR EACH ROW WHEN ((OLD.merchant_id, OLD.parent_id, OLD.status, OLD.type)
                IS DISTINCT FROM (NEW.merchant_id, NEW.parent_id, NEW.status, NEW.type))
            EXECUTE FUNCTION transactions_counts()
            """,
            """
            CREATE TRIGGER transactions_daily_volume_insert_delete AFTER INSERT OR DELETE ON transactions
            FOR EACH ROW EXECUTE FUNCTION transactions_daily_volume()
            """,
            """
            CREATE TRIGGER transactions_daily_volume_update
            AFTER UPDATE OF merchant_id, currency, created_at, parent_id, status, type, authorized_amount, amount ON transactions
            FOR EACH ROW WHEN ((OLD.merchant_id, OLD.currency, OLD.created_at, OLD.parent_id, OLD.status, OLD.type,
                    OLD.authorized_amount, OLD.amount)
                IS DISTINCT FROM (NEW.merchant_id, NEW.currency, NEW.created_at, NEW.parent_id, NEW.status, NEW.type,
                    NEW.authorized_amount, NEW.amount))
            EXECUTE FUNCTION transactions_daily_volume()
            """,
            SQLListTotalsMigration.followUpIndex,
        ]),
    ]

    /// The SQLSTATE `daily_volume_sum` raises; ``PostgresSession`` reports it as unavailable
    /// (the write is refused, nothing of it stays).
    static let volumeOverflowState = "TL002"

    /// `row` counted into (`sign` "") or out of (`sign` "-") its line of `transaction_counts`.
    private static func count(_ row: String, sign: String) -> String {
        """
        INSERT INTO transaction_counts AS line (merchant_id, original, status, type, shard, count)
        VALUES (\(row).merchant_id, \(SQLListTotalsMigration.original(row)), \(row).status, \(row).type,
            \(SQLListTotalsMigration.shard(row)), \(sign)1)
        ON CONFLICT (merchant_id, original, status, type, shard) DO UPDATE SET count = line.count + EXCLUDED.count;
        """
    }

    /// `row`'s volume added to (`sign` "") or taken from (`sign` "-") its day's line, when it
    /// counts in one; amounts by the checked `daily_volume_sum`.
    private static func volume(_ row: String, sign: String) -> String {
        let columns = SQLListTotalsMigration.volumeColumns
        let sums = columns.map { column in
            column.hasSuffix("_amount")
                ? "\(column) = daily_volume_sum(line.\(column), EXCLUDED.\(column))"
                : "\(column) = line.\(column) + EXCLUDED.\(column)"
        }
        return """
            INSERT INTO daily_volume AS line (merchant_id, currency, day, \(columns.joined(separator: ", ")))
            SELECT \(row).merchant_id, \(row).currency, \(SQLListTotalsMigration.day(row)),
                \(SQLListTotalsMigration.volumeValues(row, sign: sign).joined(separator: ", "))
            WHERE \(SQLListTotalsMigration.counted(row))
            ON CONFLICT (merchant_id, currency, day) DO UPDATE SET \(sums.joined(separator: ", "));
            """
    }
}
