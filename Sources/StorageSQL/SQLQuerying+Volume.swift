import Foundation
import Storage

extension SQLQuerying {
    /// From the kept `daily_volume` lines (SQLite 34, PostgreSQL 28) when `from` and `to` are
    /// midnights UTC, as the dashboard asks: one line per day. Other bounds cut a day, whose
    /// rows are then added up here.
    func dailyVolume(merchantId: String, currency: String, from: Date, to: Date) async throws -> [DailyVolume] {
        let (first, firstRest) = StoredEncoding.milliseconds(from).quotientAndRemainder(dividingBy: DailyVolume.millisecondsPerDay)
        let (end, endRest) = StoredEncoding.milliseconds(to).quotientAndRemainder(dividingBy: DailyVolume.millisecondsPerDay)
        // From 1970 on, where SQL's division (towards zero) and the day agree.
        guard firstRest == 0, endRest == 0, first >= 0 else {
            return try await dailyVolumeOfRows(merchantId: merchantId, currency: currency, from: from, to: to)
        }
        let sql = """
            SELECT day, \(SQLListTotalsMigration.volumeColumns.joined(separator: ", ")) FROM daily_volume
            WHERE merchant_id = ? AND currency = ? AND day >= ? AND day < ?
                AND (approved_count <> 0 OR declined_count <> 0 OR refunded_count <> 0)
            ORDER BY day
            """
        return try await session.rows(sql, [.text(merchantId), .text(currency), .integer(first), .integer(end)]).map(Self.volume)
    }

    // Dates are integer milliseconds in both stores, so a UTC day is an integer division.
    private func dailyVolumeOfRows(merchantId: String, currency: String, from: Date, to: Date) async throws -> [DailyVolume] {
        let approved = "parent_id IS NULL AND status IN (\(DailyVolume.approvedStatuses.map { "'\($0)'" }.joined(separator: ", ")))"
        let declined = "parent_id IS NULL AND status = 'declined'"
        let refunded = "type = 'refund' AND status = 'approved'"
        let sql = """
            SELECT created_at / \(DailyVolume.millisecondsPerDay) AS day,
                CAST(SUM(CASE WHEN \(approved) THEN authorized_amount ELSE 0 END) AS BIGINT) AS approved_amount,
                CAST(SUM(CASE WHEN \(approved) THEN 1 ELSE 0 END) AS BIGINT) AS approved_count,
                CAST(SUM(CASE WHEN \(declined) THEN amount ELSE 0 END) AS BIGINT) AS declined_amount,
                CAST(SUM(CASE WHEN \(declined) THEN 1 ELSE 0 END) AS BIGINT) AS declined_count,
                CAST(SUM(CASE WHEN \(refunded) THEN amount ELSE 0 END) AS BIGINT) AS refunded_amount,
                CAST(SUM(CASE WHEN \(refunded) THEN 1 ELSE 0 END) AS BIGINT) AS refunded_count
            FROM transactions
            WHERE merchant_id = ? AND currency = ? AND created_at >= ? AND created_at < ?
                AND ((\(approved)) OR (\(declined)) OR (\(refunded)))
            GROUP BY created_at / \(DailyVolume.millisecondsPerDay)
            ORDER BY day
            """
        return try await session.rows(sql, [.text(merchantId), .text(currency), SQLValue.date(from), SQLValue.date(to)]).map(Self.volume)
    }

    private static func volume(_ row: SQLRow) throws -> DailyVolume {
        let reader = SQLRowReader(row, table: "daily_volume")
        var volume = DailyVolume(day: try reader.int64("day"))
        volume.approvedAmount = try reader.int64("approved_amount")
        volume.approvedCount = try reader.int64("approved_count")
        volume.declinedAmount = try reader.int64("declined_amount")
        volume.declinedCount = try reader.int64("declined_count")
        volume.refundedAmount = try reader.int64("refunded_amount")
        volume.refundedCount = try reader.int64("refunded_count")
        return volume
    }
}
