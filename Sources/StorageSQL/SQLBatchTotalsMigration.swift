/// The SQL both stores' batch-totals migration shares (SQLite 32, PostgreSQL 26): it fills
/// the movement columns of existing rows and the `batch_totals` lines of existing batches.
/// Part of shipped migrations: never edit it, add a migration instead.
package enum SQLBatchTotalsMigration {
    /// What the triggers abort a write with when a total would not fit 64 bits; the stores
    /// turn it into ``StoreError/batchTotalsTooLarge``.
    package static let overflowMessage = "tapline: batch totals too large"

    /// ``Transaction/batchMovement`` as SQL, for rows written before the columns existed;
    /// from then on the gateway writes them with each row.
    package static let fillMovements = """
        UPDATE transactions SET
            batch_kind = \(kind),
            batch_brand = CASE WHEN \(kind) IS NULL THEN NULL
                WHEN bank_routing_number IS NOT NULL THEN 'ach' ELSE COALESCE(card_brand, 'unknown') END,
            batch_amount = CASE WHEN \(kind) IS NULL THEN NULL
                WHEN type = 'refund' THEN -amount ELSE captured_amount END
        """

    private static let kind = """
        (CASE
            WHEN type = 'sale' AND status IN ('captured', 'refunded') THEN 'sale'
            WHEN type = 'authorization' AND status IN ('captured', 'refunded') THEN 'capture'
            WHEN type = 'refund' AND status = 'approved' THEN
                CASE WHEN bank_routing_number IS NULL THEN 'refund' ELSE 'achRefund' END
            WHEN type = 'achDebit' AND status = 'scheduled' AND pending_operation_id IS NULL THEN 'achDebit'
            WHEN type = 'achDebit' AND status IN ('inProgress', 'cleared', 'refunded', 'chargedBack') THEN 'achDebit'
        END)
        """

    /// Every batch's lines counted from its members, one statement per grouping. A sum too
    /// large for a 64-bit integer fails the migration (SQLite's SUM and PostgreSQL's cast
    /// both refuse it) rather than store a wrong total.
    package static let fillTotals: [String] = [
        ("'currency'", "''", ""), ("'brand'", "batch_brand", "batch_brand, "), ("'kind'", "batch_kind", "batch_kind, "),
    ].map { grouping, name, groupedName in
        """
        INSERT INTO batch_totals (merchant_id, batch_id, grouping, name, currency, count, amount)
        SELECT merchant_id, batch_id, \(grouping), \(name), currency, COUNT(*), CAST(SUM(batch_amount) AS BIGINT)
        FROM transactions WHERE batch_id IS NOT NULL AND batch_kind IS NOT NULL
        GROUP BY merchant_id, batch_id, \(groupedName)currency
        """
    }

    /// Indexes that keep a list's first page and its count off the table (SQLite 32,
    /// PostgreSQL 26): a status filter counts and orders in its own index range, and the
    /// dashboard's originals-only list (`parent_id IS NULL`) has a partial index of its own,
    /// which its COUNT reads without the rows.
    package static let listIndexes = [
        "CREATE INDEX transactions_by_merchant_status_created ON transactions (merchant_id, status, created_at, id)",
        "CREATE INDEX transactions_originals_by_merchant_created ON transactions (merchant_id, created_at, id) WHERE parent_id IS NULL",
    ]
}
