import Storage

/// The SQL both stores' list-totals migration shares (SQLite 34, PostgreSQL 28): what one
/// transaction row adds to the kept list counts (`transaction_counts`) and to the kept daily
/// volume (`daily_volume`), and the backfill of both from existing rows. The triggers of each
/// store add a row's NEW contribution and take its OLD one out, as for `batch_totals`.
/// Part of shipped migrations: never edit it, add a migration instead.
package enum SQLListTotalsMigration {
    /// What the triggers abort a write with when a day's volume would not fit 64 bits.
    package static let overflowMessage = "tapline: daily volume too large"

    /// The key of `row`'s line in `transaction_counts`: is it an original (no parent), its
    /// status and type, and its shard. `row` is a trigger's `NEW`/`OLD` or a table name.
    package static func original(_ row: String) -> String {
        "(CASE WHEN \(row).parent_id IS NULL THEN 1 ELSE 0 END)"
    }

    /// The last character of the row's id (a hex digit of a UUID), which never changes: a
    /// merchant's count of one status and type is spread over up to 16 lines, so concurrent
    /// PostgreSQL writes of one merchant (a sale made, another captured, both moving the
    /// `pending` count) seldom queue on the same line. Readers sum the lines.
    package static func shard(_ row: String) -> String {
        "substr(\(row).id, length(\(row).id), 1)"
    }

    /// The day's volume a row counts in, as ``DailyVolume`` and the memory store define it:
    /// an original the processor approved (its approved amount), an original declined (the
    /// amount asked), an approved refund (its amount). At most one holds for a row.
    package static func approved(_ row: String) -> String {
        let statuses = DailyVolume.approvedStatuses.map { "'\($0)'" }.joined(separator: ", ")
        return "(\(row).parent_id IS NULL AND \(row).status IN (\(statuses)))"
    }

    package static func declined(_ row: String) -> String {
        "(\(row).parent_id IS NULL AND \(row).status = 'declined')"
    }

    package static func refunded(_ row: String) -> String {
        "(\(row).type = 'refund' AND \(row).status = 'approved')"
    }

    /// Whether `row` counts in its day's volume at all.
    package static func counted(_ row: String) -> String {
        "(\(approved(row)) OR \(declined(row)) OR \(refunded(row)))"
    }

    /// The six values `row` adds to its day's line (amounts then counts per series), each
    /// multiplied by `sign` ("" or "-").
    package static func volumeValues(_ row: String, sign: String) -> [String] {
        [(approved(row), "authorized_amount"), (declined(row), "amount"), (refunded(row), "amount")].flatMap { test, amount in
            ["CASE WHEN \(test) THEN \(sign)\(row).\(amount) ELSE 0 END", "CASE WHEN \(test) THEN \(sign)1 ELSE 0 END"]
        }
    }

    /// The columns of a `daily_volume` line after its key, in ``volumeValues(_:sign:)``'s order.
    package static let volumeColumns = [
        "approved_amount", "approved_count", "declined_amount", "declined_count", "refunded_amount", "refunded_count",
    ]

    /// The UTC day of `row`'s `created_at` (integer milliseconds in both stores).
    package static func day(_ row: String) -> String {
        "\(row).created_at / \(DailyVolume.millisecondsPerDay)"
    }

    /// Every merchant's counts and every day's volume from the rows there are. A day's sum too
    /// large for 64 bits fails the migration (SQLite's SUM and PostgreSQL's cast refuse it).
    package static let backfill: [String] = [
        """
        INSERT INTO transaction_counts (merchant_id, original, status, type, shard, count)
        SELECT merchant_id, \(original("transactions")), status, type, \(shard("transactions")), COUNT(*) FROM transactions
        GROUP BY merchant_id, \(original("transactions")), status, type, \(shard("transactions"))
        """,
        """
        INSERT INTO daily_volume (merchant_id, currency, day, \(volumeColumns.joined(separator: ", ")))
        SELECT merchant_id, currency, \(day("transactions")), \(volumeValues("transactions", sign: "").map { "CAST(SUM(\($0)) AS BIGINT)" }.joined(separator: ", "))
        FROM transactions WHERE \(counted("transactions"))
        GROUP BY merchant_id, currency, \(day("transactions"))
        """,
    ]

    /// A payment's operations (its page's timeline) by their parent within the merchant, in
    /// their order: without it SQLite walks all of the merchant's rows by date looking for
    /// them. Partial: originals, most rows, cost it nothing.
    package static let followUpIndex =
        "CREATE INDEX transactions_follow_ups ON transactions (merchant_id, parent_id, created_at, id) WHERE parent_id IS NOT NULL"
}
