import Foundation
import Storage

extension SQLQuerying {
    /// The batch's lines in `batch_totals`, which triggers on `transactions` keep (SQLite
    /// migration 32, PostgreSQL 26): a handful of rows however many members the batch has.
    /// PostgreSQL spreads a line over up to 16 slots (its migration 29), which this sums; its
    /// triggers keep the slots such that the sum always fits 64 bits.
    func batchTotals(batchId: String, merchantId: String) async throws -> BatchTotals {
        let rows = try await session.rows(
            """
            SELECT grouping, name, currency, CAST(SUM(count) AS BIGINT) AS count, CAST(SUM(amount) AS BIGINT) AS amount \
            FROM batch_totals WHERE batch_id = ? AND merchant_id = ? \
            GROUP BY grouping, name, currency HAVING SUM(count) <> 0
            """,
            [.text(batchId), .text(merchantId)])
        var lines: [BatchTotals.Key: BatchTotals.Line] = [:]
        for row in rows {
            let reader = SQLRowReader(row, table: "batch_totals")
            let grouping = try reader.text("grouping")
            guard let known = BatchTotals.Grouping(rawValue: grouping) else {
                throw StoreError.corrupt("batch_totals.grouping \(grouping) is unknown")
            }
            let key = BatchTotals.Key(grouping: known, name: try reader.text("name"), currency: try reader.text("currency"))
            lines[key] = BatchTotals.Line(count: try reader.int64("count"), amount: try reader.int64("amount"))
        }
        return BatchTotals(lines: lines)
    }
}
