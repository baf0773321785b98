import Foundation
import Storage

// What the ISO 8583 acquirer link keeps: trace number counters and the reversal queue.
extension SQLWriter {
    // One statement that creates the counter or moves it on, so two writers (two instances on
    // PostgreSQL) never read the same value: the second waits on the row the first changed
    // and moves it on from there.
    func reserveTraceNumbers(terminalId: String, count: Int) async throws -> Int64 {
        TraceNumberBlock.requireValid(count)
        let size = Int64(count)
        let rows = try await session.rows(
            """
            INSERT INTO trace_number_blocks (terminal_id, next_number) VALUES (?, ?) \
            ON CONFLICT (terminal_id) DO UPDATE SET next_number = trace_number_blocks.next_number + ? \
            RETURNING next_number
            """,
            [.text(terminalId), .integer(TraceNumberBlock.firstNumber + size), .integer(size)],
            subject: "trace numbers of terminal \(terminalId)")
        guard let row = rows.first else { throw StoreError.corrupt("trace_number_blocks: no counter came back for a reservation") }
        return try SQLRowReader(row, table: "trace_number_blocks").int64("next_number") - size
    }
}

// The reversal queue.
extension SQLWriter {
    func enqueue(_ reversal: PendingReversal) async throws -> Bool {
        // A reversal queued already returns no row (see `SQLTable.insertSQL`): not an error here.
        let table = SQLTables.pendingReversals
        return try await !session.rows(table.insertSQL, try table.insertBinds(reversal), subject: "pending reversal \(reversal.id)").isEmpty
    }

    func recordReversalAttempt(id: String, nextAttemptAt: Date) async throws {
        let updated = try await session.rows(
            "UPDATE pending_reversals SET attempts = attempts + 1, next_attempt_at = ? WHERE id = ? RETURNING 1 AS updated",
            [SQLValue.date(nextAttemptAt), .text(id)], subject: "pending reversal \(id)")
        guard !updated.isEmpty else { throw StoreError.notFound("pending reversal \(id)") }
    }

    func deletePendingReversal(id: String) async throws -> Bool {
        try await !session.rows("DELETE FROM pending_reversals WHERE id = ? RETURNING 1 AS deleted", [.text(id)]).isEmpty
    }
}
