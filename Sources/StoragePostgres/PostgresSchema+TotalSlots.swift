import StorageSQL

extension PostgresSchema {
    /// How many rows (slots) each batch-totals line is spread over.
    static let totalSlots = 16

    /// The open batch's totals spread over ``totalSlots`` rows per line, so payments joining one
    /// batch at once no longer queue on one row from their capture to their COMMIT (its
    /// fsync included): each transaction counts into the slot `txid_current() % 16`, and
    /// transactions running at once have nearby ids, so different slots. A read sums the
    /// slots. SQLite (one writer, nothing to queue on) keeps every line in slot 0: its 35
    /// adds the column only.
    ///
    /// The 64-bit bound stays exact: each slot is kept within a band such that the 16 bands
    /// add up to exactly Int64's range, so no sum of slots can overflow. A change that would
    /// take its slot out of the band takes the slow path (`batch_totals_spread`): it locks all
    /// the line's slots, refuses the change (TL001) when the true total would not fit, and
    /// otherwise spreads the total evenly over the slots. So a write is refused exactly when
    /// the total would pass Int64, as before.
    static let totalSlotMigrations: [PostgresMigration] = [
        // SQLite's migration 35.
        PostgresMigration(version: 29, name: "batch totals spread over slots", statements: [
            """
            ALTER TABLE batch_totals ADD COLUMN slot BIGINT NOT NULL DEFAULT 0, DROP CONSTRAINT batch_totals_pkey,
                ADD PRIMARY KEY (batch_id, merchant_id, grouping, name, currency, slot)
            """,
            // The slow path: every slot's row made to exist (waiting for any another
            // transaction is inserting), all locked in slot order, the true total checked,
            // then spread so that every slot is back in its band. Counts are not spread: only
            // the own slot's count moves.
            """
            CREATE FUNCTION batch_totals_spread(
                merchant VARCHAR, batch VARCHAR, grp VARCHAR, nm VARCHAR, cur VARCHAR, n BIGINT, amt BIGINT, own BIGINT
            ) RETURNS VOID LANGUAGE plpgsql AS $$
            DECLARE
                total NUMERIC;
                share NUMERIC;
            BEGIN
                INSERT INTO batch_totals (merchant_id, batch_id, grouping, name, currency, slot, count, amount)
                SELECT merchant, batch, grp, nm, cur, s, 0, 0 FROM generate_series(0, \(totalSlots - 1)) AS s
                ON CONFLICT DO NOTHING;
                SELECT SUM(locked.amount) INTO total FROM (
                    SELECT amount FROM batch_totals
                    WHERE batch_id = batch AND merchant_id = merchant AND grouping = grp AND name = nm AND currency = cur
                    ORDER BY slot FOR UPDATE
                ) AS locked;
                total := total + amt;
                IF total < -9223372036854775808 OR total > 9223372036854775807 THEN
                    RAISE EXCEPTION '\(SQLBatchTotalsMigration.overflowMessage)' USING ERRCODE = '\(overflowState)';
                END IF;
                share := floor(total / \(totalSlots));
                UPDATE batch_totals SET
                    amount = (share + CASE WHEN slot = 0 THEN total - share * \(totalSlots) ELSE 0 END)::BIGINT,
                    count = count + CASE WHEN slot = own THEN n ELSE 0 END
                WHERE batch_id = batch AND merchant_id = merchant AND grouping = grp AND name = nm AND currency = cur;
            END $$
            """,
            // The fast path: the three lines of this transaction's slot, each moved only while
            // it stays in its band (no bigint sum can overflow: both terms are in a band).
            // A line the band stopped takes the slow path.
            """
            CREATE OR REPLACE FUNCTION batch_totals_count(
                merchant VARCHAR, batch VARCHAR, cur VARCHAR, kind VARCHAR, brand VARCHAR, n BIGINT, amt BIGINT
            ) RETURNS VOID LANGUAGE plpgsql AS $$
            DECLARE
                own BIGINT := txid_current() % \(totalSlots);
                low BIGINT := \(slotBand.low);
                high BIGINT := CASE WHEN own = 0 THEN \(slotBand.firstHigh) ELSE \(slotBand.high) END;
                moved TEXT[] := '{}';
            BEGIN
                IF amt BETWEEN low AND high THEN
                    WITH counted AS (
                        INSERT INTO batch_totals AS line (merchant_id, batch_id, grouping, name, currency, slot, count, amount)
                        VALUES (merchant, batch, 'currency', '', cur, own, n, amt), (merchant, batch, 'brand', brand, cur, own, n, amt),
                            (merchant, batch, 'kind', kind, cur, own, n, amt)
                        ON CONFLICT (batch_id, merchant_id, grouping, name, currency, slot) DO UPDATE SET
                            count = line.count + EXCLUDED.count, amount = line.amount + EXCLUDED.amount
                        WHERE line.amount + EXCLUDED.amount BETWEEN low AND high
                        RETURNING line.grouping
                    )
                    SELECT COALESCE(array_agg(counted.grouping), '{}') INTO moved FROM counted;
                END IF;
                IF NOT 'currency' = ANY(moved) THEN
                    PERFORM batch_totals_spread(merchant, batch, 'currency', '', cur, n, amt, own);
                END IF;
                IF NOT 'brand' = ANY(moved) THEN
                    PERFORM batch_totals_spread(merchant, batch, 'brand', brand, cur, n, amt, own);
                END IF;
                IF NOT 'kind' = ANY(moved) THEN
                    PERFORM batch_totals_spread(merchant, batch, 'kind', kind, cur, n, amt, own);
                END IF;
            END $$
            """,
            // Lines from before, whose one row may be out of slot 0's band, are spread now.
            """
            SELECT batch_totals_spread(merchant_id, batch_id, grouping, name, currency, 0, 0, 0) FROM (
                SELECT merchant_id, batch_id, grouping, name, currency FROM batch_totals
                WHERE amount NOT BETWEEN \(slotBand.low) AND \(slotBand.firstHigh)
            ) AS wide
            """,
        ]),
        // Migration 29's spread took floor(total / 16) in NUMERIC, whose `/` rounds first: a
        // total near Int64's bound was spread one over the band in 15 slots, and slot 0's room
        // then let a payment pass the bound (1 time in 16, by the transaction's slot). The spread
        // now divides in whole numbers, and lines left out of their bands are spread again.
        PostgresMigration(version: 30, name: "batch totals spread by whole-number division", statements: [
            """
            CREATE OR REPLACE FUNCTION batch_totals_spread(
                merchant VARCHAR, batch VARCHAR, grp VARCHAR, nm VARCHAR, cur VARCHAR, n BIGINT, amt BIGINT, own BIGINT
            ) RETURNS VOID LANGUAGE plpgsql AS $$
            DECLARE
                total NUMERIC;
                share NUMERIC;
            BEGIN
                INSERT INTO batch_totals (merchant_id, batch_id, grouping, name, currency, slot, count, amount)
                SELECT merchant, batch, grp, nm, cur, s, 0, 0 FROM generate_series(0, \(totalSlots - 1)) AS s
                ON CONFLICT DO NOTHING;
                SELECT SUM(locked.amount) INTO total FROM (
                    SELECT amount FROM batch_totals
                    WHERE batch_id = batch AND merchant_id = merchant AND grouping = grp AND name = nm AND currency = cur
                    ORDER BY slot FOR UPDATE
                ) AS locked;
                total := total + amt;
                IF total < -9223372036854775808 OR total > 9223372036854775807 THEN
                    RAISE EXCEPTION '\(SQLBatchTotalsMigration.overflowMessage)' USING ERRCODE = '\(overflowState)';
                END IF;
                -- Floor division in whole numbers: NUMERIC's `/` rounds its quotient to a
                -- scale it picks (none for a 19-digit total), so floor(total / 16) of
                -- Int64.max was one too many and left 15 slots above their band.
                share := div(total, \(totalSlots));
                IF share * \(totalSlots) > total THEN
                    share := share - 1;
                END IF;
                UPDATE batch_totals SET
                    amount = (share + CASE WHEN slot = 0 THEN total - share * \(totalSlots) ELSE 0 END)::BIGINT,
                    count = count + CASE WHEN slot = own THEN n ELSE 0 END
                WHERE batch_id = batch AND merchant_id = merchant AND grouping = grp AND name = nm AND currency = cur;
            END $$
            """,
            """
            SELECT batch_totals_spread(merchant_id, batch_id, grouping, name, currency, 0, 0, 0) FROM (
                SELECT DISTINCT merchant_id, batch_id, grouping, name, currency FROM batch_totals
                WHERE amount NOT BETWEEN \(slotBand.low) AND CASE WHEN slot = 0 THEN \(slotBand.firstHigh) ELSE \(slotBand.high) END
            ) AS wide
            """,
        ]),
    ]

    /// Each slot's amounts stay within `low...high` (slot 0: `low...firstHigh`): 16 lows add
    /// up to Int64.min and 15 highs and the first one to Int64.max, so no sum of the slots
    /// can overflow, and any total in Int64's range spreads into the bands (floor division,
    /// the remainder, 0 to 15, on slot 0).
    static let slotBand: (low: Int64, high: Int64, firstHigh: Int64) = {
        let slots = Int64(totalSlots)
        let low = Int64.min / slots
        let high = Int64.max / slots
        return (low, high, Int64.max - (slots - 1) * high)
    }()
}
